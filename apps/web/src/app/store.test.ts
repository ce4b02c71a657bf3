import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@registry/domain';
import { fakeTransport } from '../test/fake-transport';
import { memberLoginResult, storeSession } from '../test/fixtures';

describe('app store wiring', () => {
  it('signs out when any API call answers 401', async () => {
    storeSession(memberLoginResult);
    vi.resetModules();
    // Imported fresh so the store reads the session stored above.
    const { store } = await import('./store');
    const { api } = await import('../lib/api-client');
    expect(store.getState().session.isLoggedIn).toBe(true);

    // This test's own copy of the client module, so its fake server needs no restoring.
    api.transport = fakeTransport(() => ({
      status: 401,
      data: { success: false, error: 'x' },
    })).transport;
    await expect(api.get('members/profile')).rejects.toMatchObject({
      status: 401,
    });

    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('follows a sign-out made in another tab', async () => {
    storeSession(memberLoginResult);
    vi.resetModules();
    const { store } = await import('./store');
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEYS.accessToken, newValue: null }),
    );
    expect(store.getState().session.isLoggedIn).toBe(false);
  });
});
