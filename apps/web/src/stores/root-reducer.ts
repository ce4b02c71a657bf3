import { combineReducers } from '@reduxjs/toolkit';
import { sessionReducer } from './session-slice';
import { uiReducer } from './ui-slice';

export const rootReducer = combineReducers({ session: sessionReducer, ui: uiReducer });

export type RootState = ReturnType<typeof rootReducer>;
