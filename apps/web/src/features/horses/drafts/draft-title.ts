import type { HorseDraftSummary } from '@registry/domain';
import { formatDate } from '../../../lib/format';

/**
 * How a draft is listed (issue 29 §4 item 3): its first name choice, or "Untitled draft from"
 * the day it was started, in the member's time, so untitled drafts can be told apart.
 */
export function draftTitle(draft: Pick<HorseDraftSummary, 'name' | 'createdAt'>): string {
  if (draft.name) return draft.name;
  const day = formatDate(draft.createdAt, 'day');
  return day === undefined ? 'Untitled draft' : `Untitled draft from ${day}`;
}
