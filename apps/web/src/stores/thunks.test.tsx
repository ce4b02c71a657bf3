import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { DEFAULT_ASSOCIATION_NAME, STORAGE_KEYS } from '@registry/domain';
import { withFakeTransport } from '../test/fake-transport';
import { memberLoginResult, memberUser, storeSession } from '../test/fixtures';
import { createAppStore } from './create-store';
import { loadBranding, refreshProfile } from './thunks';
import { useToast } from './use-toast';

const serve = withFakeTransport();

describe('loadBranding', () => {
  it('uses the association name from GET /api/config', async () => {
    const requests = serve(() => ({
      status: 200,
      data: { success: true, data: { associationName: 'Racking Horse Club' } },
    }));
    const store = createAppStore();
    await store.dispatch(loadBranding());
    expect(requests[0]?.url).toBe('config');
    expect(store.getState().ui.associationName).toBe('Racking Horse Club');
  });

  it('turns TEST MODE on when the server takes payments with its sandbox', async () => {
    serve(() => ({
      status: 200,
      data: { success: true, data: { associationName: 'X', paymentProvider: 'sandbox' } },
    }));
    const store = createAppStore();
    expect(store.getState().ui.paymentsTestMode).toBe(false);
    await store.dispatch(loadBranding());
    expect(store.getState().ui.paymentsTestMode).toBe(true);
  });

  it('keeps TEST MODE off with the real provider', async () => {
    serve(() => ({
      status: 200,
      data: { success: true, data: { associationName: 'X', paymentProvider: 'stripe' } },
    }));
    const store = createAppStore();
    await store.dispatch(loadBranding());
    expect(store.getState().ui.paymentsTestMode).toBe(false);
  });

  it('keeps the default name when the API cannot answer', async () => {
    serve(() => ({ status: 503, data: { success: false, error: 'down' } }));
    const store = createAppStore();
    await store.dispatch(loadBranding());
    expect(store.getState().ui.associationName).toBe(DEFAULT_ASSOCIATION_NAME);
  });
});

describe('refreshProfile', () => {
  it('replaces the stored user with GET /api/auth/me and clears the loading flag', async () => {
    storeSession(memberLoginResult);
    const fresh = { ...memberUser, profilePicture: '/uploads/new.png' };
    const requests = serve(() => ({ status: 200, data: { success: true, data: fresh } }));
    const store = createAppStore();
    const pending = store.dispatch(refreshProfile());
    expect(store.getState().session.isprofileLoading).toBe(true);
    await pending;
    expect(requests[0]).toMatchObject({ url: 'auth/me', authorization: 'Bearer member-token' });
    expect(store.getState().session.userData).toEqual(fresh);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '')).toEqual(fresh);
    expect(store.getState().session.isprofileLoading).toBe(false);
  });

  it('keeps the stored user when the server fails for another reason', async () => {
    storeSession(memberLoginResult);
    serve(() => ({ status: 500, data: { success: false, error: 'boom' } }));
    const store = createAppStore();
    await store.dispatch(refreshProfile());
    expect(store.getState().session).toMatchObject({
      isLoggedIn: true,
      userData: memberUser,
      isprofileLoading: false,
    });
  });
});

describe('useToast', () => {
  it('queues a toast of each kind', () => {
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const { result } = renderHook(() => useToast(), { wrapper });
    act(() => {
      result.current.success('Saved');
      result.current.danger('Failed');
    });
    expect(store.getState().ui.toasts.map(({ kind, message }) => [kind, message])).toEqual([
      ['success', 'Saved'],
      ['danger', 'Failed'],
    ]);
  });
});
