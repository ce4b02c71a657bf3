import type { HorseDraft, HorseDraftSave, HorseDraftSummary } from '@registry/domain';
import { api } from '../../../lib/api-client';

/** The member's Register Horse drafts (docs/api.md "Drafts"). */

const path = (id: string) => `members/horse-drafts/${encodeURIComponent(id)}`;

export function listDrafts(signal?: AbortSignal) {
  return api.get<HorseDraftSummary[]>('members/horse-drafts', undefined, { signal });
}

export function getDraft(id: string, signal?: AbortSignal) {
  return api.get<HorseDraft>(path(id), undefined, { signal });
}

export function saveDraft(id: string, body: HorseDraftSave) {
  return api.put<HorseDraftSummary>(path(id), body);
}

export function discardDraft(id: string) {
  return api.del<null>(path(id));
}
