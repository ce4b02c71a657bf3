import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ParentLinkResult, ParentLinks, ParentSide } from '@registry/domain';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

const parentLinksApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    parentLinks: build.query<ParentLinks, string>({
      query: (id) => `admin/horses/${encodeURIComponent(id)}/parents`,
      providesTags: ['Horse'],
    }),
    setParentLink: build.mutation<
      Answer<ParentLinkResult>,
      { horseId: string; side: ParentSide; registrationNumber: string | null; version: number }
    >({
      query: ({ horseId, side, registrationNumber, version }) => ({
        url: `admin/horses/${encodeURIComponent(horseId)}/parents/${side}`,
        method: 'put',
        body: { registrationNumber, version },
      }),
      // The horse's version, its pedigree, the parents' offspring: everything about horses.
      invalidatesTags: ['Horse'],
    }),
  }),
});

/** GET admin/horses/:id/parents: the linked sire and dam (any status). */
export function useParentLinks(horseId: string | null) {
  return queryState(parentLinksApi.useParentLinksQuery(horseId ?? skipToken), horseId === null);
}

/** PUT admin/horses/:id/parents/:side on the version the office looked at. */
export const useSetParentLink = () => parentLinksApi.useSetParentLinkMutation()[0];
