import { AUTH_MESSAGES, type SessionUser } from '@registry/domain';
import { api } from '../lib/api-client';
import { revokeInBackground } from '../lib/revoke-session';
import { readAccessToken } from '../lib/session-storage';
import type { AppThunk } from './create-store';
import { logout, profileUpdated, setProfileLoading } from './session-slice';
import { associationNameLoaded, paymentProviderLoaded, showToast } from './ui-slice';

/** Run by the API client on a 401: the token expired or was revoked (deactivation, new password). */
export const sessionExpired = (): AppThunk => (dispatch, getState) => {
  // Several requests can fail together; sign out and tell the user once.
  if (!getState().session.isLoggedIn) return;
  dispatch(logout());
  dispatch(showToast({ kind: 'warning', message: AUTH_MESSAGES.sessionExpired }));
};

/**
 * The user's own sign-out: local and instant, then the server session is closed in the
 * background, so a copy of the token stops working too (never awaited, never blocks).
 */
export const signOut = (): AppThunk => (dispatch) => {
  const token = readAccessToken();
  dispatch(logout());
  revokeInBackground(token);
};

function isSessionUser(value: unknown): value is SessionUser {
  const user = value as Partial<SessionUser> | null;
  return (
    typeof user?.id === 'string' &&
    typeof user.email === 'string' &&
    (user.role === 'admin' || user.role === 'member')
  );
}

/** Refreshes the stored user (name, picture) from the server, and validates the token early. */
export const refreshProfile = (): AppThunk<Promise<void>> => async (dispatch) => {
  dispatch(setProfileLoading(true));
  try {
    const response = await api.get<SessionUser>('auth/me');
    // Only a user replaces the stored copy: the office menu and pages follow its staff role, so
    // an answer that is not one (a proxy's page, a test's catch-all) must not blank it.
    if (isSessionUser(response.data)) dispatch(profileUpdated(response.data));
  } catch {
    // A 401 has already signed the user out; other failures keep the stored copy.
  } finally {
    dispatch(setProfileLoading(false));
  }
};

export const loadBranding = (): AppThunk<Promise<void>> => async (dispatch) => {
  try {
    const response = await api.get<{ associationName: string; paymentProvider?: string }>('config');
    dispatch(associationNameLoaded(response.data.associationName));
    if (response.data.paymentProvider) {
      dispatch(paymentProviderLoaded(response.data.paymentProvider));
    }
  } catch {
    // Branding is cosmetic: keep the default name when the API is unreachable.
  }
};
