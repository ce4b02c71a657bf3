import { skipToken } from '@reduxjs/toolkit/query/react';
import type { FiveGenerationPedigree, OffspringPage } from '@registry/domain';
import type { ApiError } from './api-client';
import { queryState, serverApi } from '../stores/server-api';

/*
 * A registered horse's five-generation pedigree and offspring (docs/api.md "Offspring and
 * pedigrees"): public answers, shown alike on the verify page, the member's view and the
 * office's view, so they live here. A link made by the office or an approval changes them:
 * tag `Horse`.
 */
const lineageApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    publicPedigree: build.query<FiveGenerationPedigree, string>({
      query: (number) => `public/horses/${encodeURIComponent(number)}/pedigree`,
      providesTags: ['Horse'],
    }),
    offspring: build.infiniteQuery<OffspringPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        // Keyset pages: the server names the next one, or null after the last.
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `public/horses/${encodeURIComponent(queryArg)}/offspring`,
        params: pageParam ? { after: pageParam } : undefined,
      }),
      providesTags: ['Horse'],
    }),
  }),
});

/** GET public/horses/:number/pedigree (nothing asked without a number). */
export function usePublicPedigree(number: string | null | undefined) {
  return queryState(lineageApi.usePublicPedigreeQuery(number || skipToken), !number);
}

/** GET public/horses/:number/offspring, one page more at each `showMore`. */
export function useOffspring(number: string) {
  const query = lineageApi.useOffspringInfiniteQuery(number);
  return {
    // Anything but a page (an older server, a proxy page) reads as no offspring.
    items:
      query.data?.pages.flatMap((page) =>
        Array.isArray(page?.items) && page.nextCursor !== undefined ? page.items : [],
      ) ?? [],
    loading: query.isFetching,
    error: query.isFetching ? undefined : (query.error as ApiError | undefined),
    hasMore: query.hasNextPage,
    showMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
