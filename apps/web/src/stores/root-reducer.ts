import { combineReducers, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { serverApi } from './server-api-slice';
import { sessionReducer } from './session-slice';
import { uiReducer } from './ui-slice';

const startReducers = { session: sessionReducer, ui: uiReducer };
let combined: Reducer = combineReducers(startReducers);

type LateState = { [serverApi.reducerPath]?: ReturnType<typeof serverApi.reducer> };
export type RootState = ReturnType<ReturnType<typeof combineReducers<typeof startReducers>>> &
  LateState;

/**
 * Session and ui from the start; the server-data cache (`server-api.ts`, RTK Query) is added
 * by `addLateReducer` when the first signed-in page's chunk loads, so the sign-in pages do not
 * carry its code. (Redux Toolkit's `combineSlices` does the same, but costs the entry 0.6 KB
 * brotli more than these lines.)
 */
export const rootReducer: Reducer<RootState, UnknownAction, Partial<RootState>> = (state, action) =>
  combined(state, action) as RootState;

export function addLateReducer(path: string, reducer: Reducer): void {
  combined = combineReducers({ ...startReducers, [path]: reducer });
}
