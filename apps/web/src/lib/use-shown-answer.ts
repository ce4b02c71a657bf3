import { useDeferredValue, useMemo } from 'react';
import type { ApiError } from './api-client';

/** What a page reads from a query (an RTK Query endpoint's `queryState`). */
interface Answer<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * A query's state as the page shows it: an answer is drawn in a render React may split and
 * interrupt. The store's update when an answer arrives is rendered at once, in one task; a page
 * of rows (or the profile's forms) drawn in it was a long task on a phone
 * (docs/decisions/0116-first-load-in-short-tasks.md). What must appear together with the rows (a
 * section below them) reads this too.
 */
export function useShownAnswer<T>(query: Answer<T>): Answer<T> {
  const { data, error, loading, reload } = query;
  // Kept while its parts are the same: the query object is new at every render of the page.
  const current = useMemo(() => ({ data, error, loading, reload }), [data, error, loading, reload]);
  return useDeferredValue(current);
}
