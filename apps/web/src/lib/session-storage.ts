import { STORAGE_KEYS, type LoginResult, type SessionUser } from '@registry/domain';

/**
 * The only module that reads or writes the session keys of spec §3.2, so the store,
 * the API client and the tests agree on one format.
 */

/** `userData` as stored: the server's user, or `{}` when nothing usable is stored. */
export type StoredUser = Partial<SessionUser>;

export interface StoredSession {
  accessToken: string | null;
  userRole: string | null;
  userData: StoredUser;
}

// Storage can throw (disabled cookies, some private modes); the app must still start signed out.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): StoredUser {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as StoredUser)
      : {};
  } catch {
    return {};
  }
}

export function readStoredSession(): StoredSession {
  const store = storage();
  return {
    accessToken: store?.getItem(STORAGE_KEYS.accessToken) || null,
    userRole: store?.getItem(STORAGE_KEYS.userRole) ?? null,
    userData: parseUser(store?.getItem(STORAGE_KEYS.userData) ?? null),
  };
}

export function readAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.accessToken) || null;
}

export function saveSession(result: LoginResult): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.accessToken, result.token);
  store.setItem(STORAGE_KEYS.userRole, result.role);
  store.setItem(STORAGE_KEYS.userData, JSON.stringify(result.user));
}

export function saveUserData(user: StoredUser): void {
  storage()?.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(STORAGE_KEYS.accessToken);
  store.removeItem(STORAGE_KEYS.userRole);
  store.removeItem(STORAGE_KEYS.userData);
}
