import type { HorseDraft, HorseDraftSave, HorseDraftSummary } from '@registry/domain';
import { api } from '../../../lib/api-client';
import { queryState, serverApi, type Answer } from '../../../stores/server-api';

/** The member's Register Horse drafts (docs/api.md "Drafts"). */

const path = (id: string) => `members/horse-drafts/${encodeURIComponent(id)}`;

export function listDrafts(signal?: AbortSignal) {
  return api.get<HorseDraftSummary[]>('members/horse-drafts', undefined, { signal });
}

const draftsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // `version` is not sent: a new one asks again (the form closed and may have saved a draft).
    drafts: build.query<HorseDraftSummary[], number>({
      query: () => 'members/horse-drafts',
      providesTags: ['Draft'],
    }),
    discardDraft: build.mutation<Answer<null>, string>({
      query: (id) => ({ url: path(id), method: 'delete' }),
      invalidatesTags: ['Draft'],
    }),
  }),
});

/** GET members/horse-drafts: the member's unfinished registrations. */
export const useDrafts = (version: number) => queryState(draftsApi.useDraftsQuery(version));

/** DELETE members/horse-drafts/:id; the drafts list asks again. */
export const useDiscardDraft = () => draftsApi.useDiscardDraftMutation()[0];

export function getDraft(id: string, signal?: AbortSignal) {
  return api.get<HorseDraft>(path(id), undefined, { signal });
}

export function saveDraft(id: string, body: HorseDraftSave) {
  return api.put<HorseDraftSummary>(path(id), body);
}

export function discardDraft(id: string) {
  return api.del<null>(path(id));
}
