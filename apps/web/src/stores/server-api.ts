import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiSuccess } from '@registry/domain';
import { api, type ApiError } from '../lib/api-client';
import { injectLateSlice } from './create-store';
import { useAppDispatch } from './hooks';

/** One call as the endpoints describe it: a GET unless `method` says otherwise. */
export interface ServerRequest {
  url: string;
  method?: 'get' | 'post' | 'put' | 'delete';
  params?: object;
  body?: unknown;
}

/**
 * The app's own client as RTK Query's transport, so every cached call keeps its bearer token,
 * its 401-signs-out rule and its error shape (`ApiError`, docs/architecture.md). A GET gives
 * the answer's `data`; any other method the whole answer, whose `message` the toast shows.
 */
const clientQuery: BaseQueryFn<ServerRequest | string, unknown, ApiError> = async (
  request,
  { signal },
) => {
  const {
    url,
    method = 'get',
    params,
    body,
  } = typeof request === 'string' ? { url: request } : request;
  try {
    const answer =
      method === 'get'
        ? await api.get(url, params, { signal })
        : method === 'delete'
          ? await api.del(url, { signal })
          : await api[method](url, body, { signal });
    return { data: method === 'get' ? answer.data : answer };
  } catch (error) {
    return { error: error as ApiError };
  }
};

/**
 * What each cached answer is about. An action invalidates the tags it changes, and every list
 * on screen holding one of them asks the server again
 * (docs/decisions/0079-server-data-through-rtk-query.md).
 */
export const SERVER_TAGS = [
  'Horse',
  'Member',
  'ChangeRequest',
  'Content',
  'Payment',
  'Draft',
  'Mail',
  'Profile',
  'BreedingReport',
  'Staff',
  'Transfer',
] as const;
export type ServerTag = (typeof SERVER_TAGS)[number];

/**
 * The server-data cache. Features add their endpoints with `injectEndpoints` in their own
 * `api.ts`, so each endpoint ships with the pages that use it. A page asks again whenever it
 * mounts (as before the cache); the last answer shows meanwhile.
 */
export const serverApi = createApi({
  reducerPath: 'serverApi',
  baseQuery: clientQuery,
  tagTypes: SERVER_TAGS,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

injectLateSlice(serverApi);

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
