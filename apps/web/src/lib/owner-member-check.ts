import { skipToken } from '@reduxjs/toolkit/query/react';
import type { OwnerCheckResult } from '@registry/domain';
import { serverApi } from '../stores/server-api';
import type { AppDispatch } from '../stores/create-store';

export interface OwnerAsked {
  memberNum: string;
  name: string;
}

const ownerCheckApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET owners/member-check (docs/api.md "Owners and member numbers"): whether a member
     * number and a typed name go together. Tagged `Member`: the office may rename a member.
     */
    ownerMemberCheck: build.query<{ result: OwnerCheckResult }, OwnerAsked>({
      query: ({ memberNum, name }) => ({ url: 'owners/member-check', params: { memberNum, name } }),
      providesTags: ['Member'],
    }),
  }),
});

/**
 * Whether an owner row's number and name go together: the answer about `asked` itself (never a
 * previous row's while the new one is asked); nothing is asked while `asked` is null.
 */
export function useOwnerMemberCheck(asked: OwnerAsked | null): OwnerCheckResult | undefined {
  return ownerCheckApi.useOwnerMemberCheckQuery(asked ?? skipToken).currentData?.result;
}

/** The same question outside a component (at Save): the cached answer when there is one. */
export async function askOwnerMemberCheck(
  dispatch: AppDispatch,
  asked: OwnerAsked,
): Promise<OwnerCheckResult | undefined> {
  const request = dispatch(ownerCheckApi.endpoints.ownerMemberCheck.initiate(asked));
  try {
    return (await request.unwrap()).result;
  } catch {
    // No answer (offline, too many lookups): the server checks again at save.
    return undefined;
  } finally {
    request.unsubscribe();
  }
}
