import { STORAGE_KEYS } from '@registry/domain';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createAppStore } from '../stores/create-store';
import { logout } from '../stores/session-slice';
import { sessionExpired } from '../stores/thunks';

/** The application's single store, wired to the API client and to other tabs. */
export const store = createAppStore();

// Registered here rather than imported by the client, which keeps lib/ free of the store.
setUnauthorizedHandler(() => store.dispatch(sessionExpired()));

// Signing out in one tab removes the token for all of them; follow it here so this tab
// stops showing private pages with a session that no longer exists.
window.addEventListener('storage', (event) => {
  const tokenRemoved =
    event.key === null || (event.key === STORAGE_KEYS.accessToken && !event.newValue);
  if (tokenRemoved && store.getState().session.isLoggedIn) store.dispatch(logout());
});
