import type { ApiSuccess } from '@registry/domain';
import type { ApiError } from '../lib/api-client';
import { injectLateSlice } from './create-store';
import { useAppDispatch } from './hooks';
import { serverApi, type ServerTag } from './server-api-slice';

// The cache joins every store when this module loads: with the first signed-in page's chunk,
// since every feature's endpoints import it from here.
injectLateSlice(serverApi);

export { serverApi };

/**
 * For an action that is not an endpoint here (a multipart save with upload progress, a payment
 * through the provider): marks what it changed as stale, so the lists on screen ask again.
 */
export function useInvalidate(): (...tags: ServerTag[]) => void {
  const dispatch = useAppDispatch();
  return (...tags) => void dispatch(serverApi.util.invalidateTags(tags));
}

/** What a mutation resolves with: the whole answer (`data` and the server's `message`). */
export type Answer<T> = ApiSuccess<T>;

/** What the pages read from a query: the last data, the current error, whether one runs. */
export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Asks again (a Retry button); actions invalidate tags instead. */
  reload: () => void;
}

/**
 * A query hook's result as the pages read it: the error shows only while no request runs
 * (a retry clears it), and a query about to start counts as loading unless it is skipped
 * (`skipToken`: nothing to ask yet).
 */
export function queryState<
  R extends {
    data?: unknown;
    error?: unknown;
    isFetching: boolean;
    isUninitialized: boolean;
    refetch: () => unknown;
  },
>(result: R, skipped = false): QueryState<Exclude<R['data'], undefined>> {
  return {
    data: result.data as Exclude<R['data'], undefined> | undefined,
    error: result.isFetching ? undefined : (result.error as ApiError | undefined),
    loading: result.isFetching || (result.isUninitialized && !skipped),
    reload: () => {
      if (!result.isUninitialized) void result.refetch();
    },
  };
}
