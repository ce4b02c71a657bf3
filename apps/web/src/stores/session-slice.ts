import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_ROLE, type LoginResult, type SessionUser } from '@registry/domain';
import { readStoredSession, type StoredUser } from '../lib/session-storage';

/** Client session of spec §3.2. The token itself stays in storage; state only says whether one exists. */
export interface SessionState {
  isLoggedIn: boolean;
  isAdmin: boolean;
  userData: StoredUser;
  isprofileLoading: boolean;
}

export const signedOutSession: SessionState = {
  isLoggedIn: false,
  isAdmin: false,
  userData: {},
  isprofileLoading: false,
};

/** Read on every store creation (not at import), so a reload or a new test sees current storage. */
export function sessionFromStorage(): SessionState {
  const stored = readStoredSession();
  return {
    isLoggedIn: stored.accessToken !== null,
    isAdmin: stored.userRole === ADMIN_ROLE,
    userData: stored.userData,
    isprofileLoading: false,
  };
}

/**
 * Reducers stay pure; sessionPersistence (session-persistence.ts) mirrors these actions to
 * localStorage, so whoever dispatches them, storage and state cannot disagree.
 */
const sessionSlice = createSlice({
  name: 'session',
  initialState: sessionFromStorage,
  reducers: {
    adminLogin(state, action: PayloadAction<LoginResult>) {
      state.isLoggedIn = true;
      state.isAdmin = true;
      // Kept for admins too: the header shows their name and picture.
      state.userData = action.payload.user;
    },
    ownerLogin(state, action: PayloadAction<LoginResult>) {
      state.isLoggedIn = true;
      state.isAdmin = false;
      state.userData = action.payload.user;
    },
    logout: () => signedOutSession,
    setProfileLoading(state, action: PayloadAction<boolean>) {
      state.isprofileLoading = action.payload;
    },
    /** Fresh user data from the server (GET auth/me, profile edits). */
    profileUpdated(state, action: PayloadAction<SessionUser>) {
      state.userData = action.payload;
    },
  },
});

export const { adminLogin, ownerLogin, logout, setProfileLoading, profileUpdated } =
  sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** The right login action for what the server said the user is. */
export function loginAction(result: LoginResult) {
  return result.role === ADMIN_ROLE ? adminLogin(result) : ownerLogin(result);
}
