import type { Middleware } from '@reduxjs/toolkit';
import { clearSession, saveSession, saveUserData } from '../lib/session-storage';
import { adminLogin, logout, ownerLogin, profileUpdated } from './session-slice';

/**
 * Mirrors session actions to localStorage. Storage is written before the reducer runs, so
 * anything reacting to the new state (the API client reads the token per request) already
 * sees the matching storage.
 */
export const sessionPersistence: Middleware = () => (next) => (action) => {
  if (adminLogin.match(action) || ownerLogin.match(action)) {
    saveSession(action.payload);
  } else if (profileUpdated.match(action)) {
    saveUserData(action.payload);
  } else if (logout.match(action)) {
    clearSession();
  }
  return next(action);
};
