import { useState } from 'react';

/**
 * What a paged list asks the server for: its filters, its order and the page. Changing a
 * filter or the order goes back to page 1, since the old page number means nothing in the new
 * result.
 */
export function useListQuery<F extends object, S = null>(emptyFilters: F, initialSort: S) {
  const [state, setState] = useState({ filters: emptyFilters, sort: initialSort, page: 1 });
  return {
    ...state,
    setPage: (page: number) => setState((previous) => ({ ...previous, page })),
    setFilter: <K extends keyof F>(key: K, value: F[K]) =>
      setState((previous) => ({
        ...previous,
        filters: { ...previous.filters, [key]: value },
        page: 1,
      })),
    clearFilters: () => setState((previous) => ({ ...previous, filters: emptyFilters, page: 1 })),
    setSort: (sort: S) => setState((previous) => ({ ...previous, sort, page: 1 })),
  };
}
