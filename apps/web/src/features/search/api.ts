import { api } from '../../lib/api-client';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import type { Page, PublicHorse } from '../../lib/horse-types';
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

/** GET auth/horses/search: approved horses of the whole registry, one summary per row. */
export function useHorseSearch(filters: HorseSearchFilters, page: number) {
  const query = searchQuery(filters, page);
  return useApiQuery(JSON.stringify(query), (signal) =>
    api.get<Page<PublicHorseSummary>>('auth/horses/search', query, { signal }).then((r) => r.data),
  );
}

/** GET auth/horses/search/:id: the public record of an opened result, with fresh photo links. */
export function usePublicHorse(id: string | null) {
  return useApiQuery(id ?? '', (signal) =>
    id
      ? api
          .get<PublicHorse>(`auth/horses/search/${encodeURIComponent(id)}`, undefined, { signal })
          .then((r) => r.data)
      : Promise.resolve(null),
  );
}
