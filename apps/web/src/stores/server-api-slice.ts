import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { api, type ApiError } from '../lib/api-client';

/*
 * What the server-data cache is, apart from adding it to the store (server-api.ts): the
 * store's state type (root-reducer.ts) names it, and server-api.ts adds it to the store, so
 * the store's files and server-api.ts do not import each other.
 */

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
 * The server-data cache. Features import it from server-api.ts, which adds it to the store,
 * and add their endpoints with `injectEndpoints` in their own `api.ts`, so each endpoint ships
 * with the pages that use it. A page asks again whenever it
 * mounts (as before the cache); the last answer shows meanwhile.
 */
export const serverApi = createApi({
  reducerPath: 'serverApi',
  baseQuery: clientQuery,
  tagTypes: SERVER_TAGS,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});
