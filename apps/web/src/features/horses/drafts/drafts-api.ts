import type { HorseDraft, HorseDraftSave, HorseDraftSummary } from '@registry/domain';
import { api } from '../../../lib/api-client';
import { queryState, serverApi, type Answer } from '../../../stores/server-api';

/** The member's Register Horse drafts (docs/api.md "Drafts"). */

const path = (id: string) => `members/horse-drafts/${encodeURIComponent(id)}`;

const draftsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // `version` is not sent: a new one asks again (the form closed and may have saved a draft).
    drafts: build.query<HorseDraftSummary[], number>({
      query: () => 'members/horse-drafts',
      providesTags: ['Draft'],
    }),
    draft: build.query<HorseDraft, string>({
      query: path,
      providesTags: (_answer, _error, id) => [{ type: 'Draft', id }],
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

/**
 * The form's draft reads go through the cache but hold no subscription: the form reads a draft
 * once when it opens on it (or the list once, for its offer), and a later `Draft` invalidation
 * (the registration removing its draft) must not ask again for what the form already took.
 */
const once = { subscribe: false, forceRefetch: true } as const;

/** GET members/horse-drafts/:id, dispatched: the draft's saved values. */
export const readDraft = (id: string) => draftsApi.endpoints.draft.initiate(id, once);

/** GET members/horse-drafts, dispatched: the latest draft is offered when the form opens. */
export const readDrafts = () => draftsApi.endpoints.drafts.initiate(0, once);

/** DELETE members/horse-drafts/:id, dispatched (a draft left for another); lists ask again. */
export const removeDraft = (id: string) => draftsApi.endpoints.discardDraft.initiate(id);

/**
 * PUT members/horse-drafts/:id, a plain call: it runs on every pause in typing, so it
 * invalidates nothing (My Horses asks again for its list when the form closes).
 */
export function saveDraft(id: string, body: HorseDraftSave) {
  return api.put<HorseDraftSummary>(path(id), body);
}
