import { configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from './root-reducer';
import { sessionPersistence } from './session-persistence';

/** A fresh store; the app makes one (app/store.ts), each test makes its own. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(sessionPersistence),
    ...(preloadedState ? { preloadedState } : {}),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
export type { RootState };
