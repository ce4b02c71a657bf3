import type { HorseDraftSummary } from '@registry/domain';

/**
 * How a draft is listed (issue 29 §4 item 3): its first name choice, or "Untitled draft from"
 * the day it was started, in the member's time, so untitled drafts can be told apart.
 */
export function draftTitle(draft: Pick<HorseDraftSummary, 'name' | 'createdAt'>): string {
  if (draft.name) return draft.name;
  const started = new Date(draft.createdAt);
  if (Number.isNaN(started.getTime())) return 'Untitled draft';
  const day = started.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `Untitled draft from ${day}`;
}
