import { skipToken } from '@reduxjs/toolkit/query/react';
import type { HorseSummary } from '../../../lib/horse-summaries';
import type { Horse, Page } from '../../../lib/horse-types';
import { queryState, serverApi, type Answer } from '../../../stores/server-api';
import { myHorsesQuery, type MyHorsesParams } from './horses-api';

/** GET members/horses/:id/paid: what was settled for a registration, oldest payment first. */
export interface PaidSummary {
  paidCents: number;
  payments: Array<{ amountCents: number; method: string; at: string }>;
}

const horsesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    myHorses: build.query<Page<HorseSummary>, MyHorsesParams>({
      query: (params) => ({ url: 'auth/horses', params: myHorsesQuery(params) }),
      providesTags: ['Horse', 'Payment'],
    }),
    horse: build.query<Horse, string>({
      query: (id) => `members/horses/${encodeURIComponent(id)}`,
      providesTags: ['Horse'],
    }),
    paidSummary: build.query<PaidSummary, string>({
      query: (id) => `members/horses/${encodeURIComponent(id)}/paid`,
      providesTags: ['Horse', 'Payment'],
    }),
    deleteHorse: build.mutation<Answer<unknown>, string>({
      query: (id) => ({ url: `members/horses/${encodeURIComponent(id)}`, method: 'delete' }),
      invalidatesTags: ['Horse'],
    }),
  }),
});

/** One page of the member's own horses; saves, payments and deletes refresh it. */
export function useMyHorses(params: MyHorsesParams) {
  return queryState(horsesApi.useMyHorsesQuery(params));
}

/** A horse with fresh (signed, expiring) file links, for the view and edit modes. */
export function useHorse(id: string | null) {
  return queryState(horsesApi.useHorseQuery(id ?? skipToken), id === null);
}

/** What was paid for one of the member's horses; null asks nothing. Payments refresh it. */
export function usePaidSummary(id: string | null) {
  return queryState(horsesApi.usePaidSummaryQuery(id ?? skipToken), id === null);
}

/** DELETE members/horses/:id; the member's lists ask again. */
export const useDeleteHorse = () => horsesApi.useDeleteHorseMutation()[0];
