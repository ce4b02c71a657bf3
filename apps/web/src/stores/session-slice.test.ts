import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@registry/domain';
import { adminLoginResult, memberLoginResult, memberUser, storeSession } from '../test/fixtures';
import { createAppStore } from './create-store';
import {
  adminLogin,
  logout,
  ownerLogin,
  profileUpdated,
  sessionFromStorage,
  setProfileLoading,
} from './session-slice';
import { sessionExpired } from './thunks';

describe('session initial state (spec §3.2)', () => {
  it('is signed out with empty userData when storage is empty', () => {
    expect(createAppStore().getState().session).toEqual({
      isLoggedIn: false,
      isAdmin: false,
      userData: {},
      isprofileLoading: false,
    });
  });

  it('is a signed-in admin when a token and the admin role are stored', () => {
    storeSession(adminLoginResult);
    const session = createAppStore().getState().session;
    expect(session.isLoggedIn).toBe(true);
    expect(session.isAdmin).toBe(true);
    expect(session.userData).toEqual(adminLoginResult.user);
  });

  it('is a signed-in member for any other stored role', () => {
    storeSession(memberLoginResult);
    const session = createAppStore().getState().session;
    expect(session).toMatchObject({ isLoggedIn: true, isAdmin: false, userData: memberUser });
  });

  it('says admin from the stored role even without a token (used by the guard)', () => {
    localStorage.setItem(STORAGE_KEYS.userRole, 'admin');
    expect(sessionFromStorage()).toMatchObject({ isLoggedIn: false, isAdmin: true });
  });

  it.each([['{not json'], ['[1,2]'], ['"text"'], ['null']])(
    'turns unusable userData %s into {}',
    (raw) => {
      localStorage.setItem(STORAGE_KEYS.accessToken, 't');
      localStorage.setItem(STORAGE_KEYS.userData, raw);
      expect(createAppStore().getState().session.userData).toEqual({});
    },
  );

  it('treats an empty token as no token', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, '');
    expect(createAppStore().getState().session.isLoggedIn).toBe(false);
  });
});

describe('session reducers', () => {
  it('adminLogin signs in as admin and stores token, role and user', () => {
    const store = createAppStore();
    store.dispatch(adminLogin(adminLoginResult));
    expect(store.getState().session).toMatchObject({
      isLoggedIn: true,
      isAdmin: true,
      userData: adminLoginResult.user,
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('admin-token');
    expect(localStorage.getItem(STORAGE_KEYS.userRole)).toBe('admin');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '')).toEqual(
      adminLoginResult.user,
    );
  });

  it('ownerLogin signs in as a member with userData', () => {
    const store = createAppStore();
    store.dispatch(ownerLogin(memberLoginResult));
    expect(store.getState().session).toMatchObject({
      isLoggedIn: true,
      isAdmin: false,
      userData: memberUser,
    });
    expect(localStorage.getItem(STORAGE_KEYS.userRole)).toBe('member');
    // A new store (a reload) sees the same session.
    expect(createAppStore().getState().session.isLoggedIn).toBe(true);
  });

  it('ownerLogin after an admin session drops the admin flag', () => {
    storeSession(adminLoginResult);
    const store = createAppStore();
    store.dispatch(ownerLogin(memberLoginResult));
    expect(store.getState().session.isAdmin).toBe(false);
  });

  it('logout resets the state and removes the three keys, and only those', () => {
    storeSession(adminLoginResult);
    localStorage.setItem('unrelated', 'keep');
    const store = createAppStore();
    store.dispatch(setProfileLoading(true));
    store.dispatch(logout());
    expect(store.getState().session).toEqual({
      isLoggedIn: false,
      isAdmin: false,
      userData: {},
      isprofileLoading: false,
    });
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('keep');
  });

  it('setProfileLoading sets the flag', () => {
    const store = createAppStore();
    store.dispatch(setProfileLoading(true));
    expect(store.getState().session.isprofileLoading).toBe(true);
    store.dispatch(setProfileLoading(false));
    expect(store.getState().session.isprofileLoading).toBe(false);
  });

  it('profileUpdated replaces userData in state and storage', () => {
    storeSession(memberLoginResult);
    const store = createAppStore();
    const renamed = { ...memberUser, firstName: 'Olivia' };
    store.dispatch(profileUpdated(renamed));
    expect(store.getState().session.userData).toEqual(renamed);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '')).toEqual(renamed);
  });
});

describe('sessionExpired (401 handler)', () => {
  it('signs out and warns once, however many calls failed', () => {
    storeSession(memberLoginResult);
    const store = createAppStore();
    store.dispatch(sessionExpired());
    store.dispatch(sessionExpired());
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(store.getState().ui.toasts).toHaveLength(1);
    expect(store.getState().ui.toasts[0]).toMatchObject({ kind: 'warning' });
  });
});
