import {
  compose,
  configureStore,
  type Middleware,
  type MiddlewareAPI,
  type Reducer,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { addLateReducer, rootReducer, type RootState } from './root-reducer';
import type { serverApi } from './server-api-slice';
import { sessionPersistence } from './session-persistence';

const lateMiddlewares: Middleware[] = [];

/**
 * Runs the middleware added after start-up (the server-data cache's, `server-api.ts`), each set
 * up once per store. Redux Toolkit's `createDynamicMiddleware` does the same but costs every
 * sign-in page more bytes (root-reducer.ts).
 */
const lateMiddleware: Middleware = (store: MiddlewareAPI) => {
  const applied = new Map<Middleware, ReturnType<Middleware>>();
  return (next) => (action) => {
    if (lateMiddlewares.length === 0) return next(action);
    const chain = lateMiddlewares.map((middleware) => {
      if (!applied.has(middleware)) applied.set(middleware, middleware(store));
      return applied.get(middleware)!;
    });
    return (compose(...chain) as (next: unknown) => (action: unknown) => unknown)(next)(action);
  };
};

/** A fresh store; the app makes one (app/store.ts), each test makes its own. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(sessionPersistence, lateMiddleware),
    ...(preloadedState ? { preloadedState } : {}),
  });
  liveStores.push(new WeakRef(store));
  return store;
}

/** The slice root-reducer.ts expects later. */
type LateSlice = typeof serverApi;

const liveStores: WeakRef<{ dispatch: (action: UnknownAction) => unknown }>[] = [];

/**
 * Adds a slice that arrives with a later chunk, and its middleware, to every store. Its state
 * appears only with the next action, so one is dispatched at once: a page must not read the
 * store before the slice exists.
 */
export function injectLateSlice(slice: LateSlice): void {
  addLateReducer(slice.reducerPath, slice.reducer as Reducer);
  lateMiddlewares.push(slice.middleware as Middleware);
  for (const ref of liveStores) ref.deref()?.dispatch({ type: 'app/lateSliceInjected' });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
export type { RootState };
