import { api } from '../../lib/api-client';
import type { Paged, PublicHorse } from '../../lib/horse-types';
import { useApiQuery } from '../../lib/use-api-query';

export interface HorseSearchFilters {
  q: string;
  color: string;
  sex: string;
  gaitDesignation: string;
  stateFoaledIn: string;
}

export const EMPTY_FILTERS: HorseSearchFilters = {
  q: '',
  color: '',
  sex: '',
  gaitDesignation: '',
  stateFoaledIn: '',
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

/** GET auth/horses/search: approved horses of the whole registry. */
export function useHorseSearch(filters: HorseSearchFilters, page: number) {
  const query = searchQuery(filters, page);
  return useApiQuery(JSON.stringify(query), (signal) =>
    api.get<Paged<PublicHorse>>('auth/horses/search', query, { signal }).then((r) => r.data),
  );
}
