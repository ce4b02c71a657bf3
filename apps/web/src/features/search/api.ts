import { skipToken } from '@reduxjs/toolkit/query/react';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import type { Page, PublicHorse } from '../../lib/horse-types';
import { queryState, serverApi } from '../../stores/server-api';

export interface HorseSearchFilters {
  q: string;
  color: string;
  sex: string;
  gaitDesignation: string;
  stateFoaledIn: string;
  /** Contained in a recorded owner's name. */
  owner: string;
  /** Contained in the breeder (Bred by), a public field. */
  breeder: string;
}

export const EMPTY_FILTERS: HorseSearchFilters = {
  q: '',
  color: '',
  sex: '',
  gaitDesignation: '',
  stateFoaledIn: '',
  owner: '',
  breeder: '',
};

export const SEARCH_PAGE_SIZE = 10;

/** Only the filters in use are sent. */
export function searchQuery(filters: HorseSearchFilters, page: number) {
  const query: Record<string, string | number> = { page, pageSize: SEARCH_PAGE_SIZE };
  for (const [key, value] of Object.entries(filters)) {
    if (value.trim()) query[key] = value.trim();
  }
  return query;
}

const searchApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    horseSearch: build.query<Page<PublicHorseSummary>, Record<string, string | number>>({
      query: (params) => ({ url: 'auth/horses/search', params }),
      providesTags: ['Horse'],
    }),
    publicHorse: build.query<PublicHorse, string>({
      query: (id) => `auth/horses/search/${encodeURIComponent(id)}`,
      providesTags: ['Horse'],
    }),
  }),
});

/** GET auth/horses/search: approved horses of the whole registry, one summary per row. */
export function useHorseSearch(filters: HorseSearchFilters, page: number) {
  return queryState(searchApi.useHorseSearchQuery(searchQuery(filters, page)));
}

/** GET auth/horses/search/:id: the public record of an opened result, with fresh photo links. */
export function usePublicHorse(id: string | null) {
  return queryState(searchApi.usePublicHorseQuery(id ?? skipToken), id === null);
}
