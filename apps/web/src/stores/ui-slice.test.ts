import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSOCIATION_NAME } from '@registry/domain';
import { adminLoginResult, memberLoginResult, storeSession } from '../test/fixtures';
import { createAppStore } from './create-store';
import { adminLogin, logout, ownerLogin } from './session-slice';
import {
  associationNameLoaded,
  dismissToast,
  setSidebarShow,
  setSidebarUnfoldable,
  showToast,
  toggleSidebar,
} from './ui-slice';

describe('ui slice', () => {
  it('starts with the sidebar shown and not folded (spec §2.2)', () => {
    const ui = createAppStore().getState().ui;
    expect(ui.sidebarShow).toBe(true);
    expect(ui.sidebarUnfoldable).toBe(false);
    expect(ui.associationName).toBe(DEFAULT_ASSOCIATION_NAME);
  });

  it('toggles and sets the sidebar state', () => {
    const store = createAppStore();
    store.dispatch(toggleSidebar());
    expect(store.getState().ui.sidebarShow).toBe(false);
    store.dispatch(setSidebarShow(true));
    expect(store.getState().ui.sidebarShow).toBe(true);
    store.dispatch(setSidebarUnfoldable(true));
    expect(store.getState().ui.sidebarUnfoldable).toBe(true);
  });

  it('queues toasts with distinct ids and dismisses one by id', () => {
    const store = createAppStore();
    store.dispatch(showToast({ kind: 'success', message: 'Saved' }));
    store.dispatch(showToast({ kind: 'danger', message: 'Failed' }));
    const [first, second] = store.getState().ui.toasts;
    expect(first?.id).not.toBe(second?.id);
    store.dispatch(dismissToast(first?.id ?? ''));
    expect(store.getState().ui.toasts.map((toast) => toast.message)).toEqual(['Failed']);
  });

  it('keeps the default association name when the server sends a blank one', () => {
    const store = createAppStore();
    store.dispatch(associationNameLoaded('  '));
    expect(store.getState().ui.associationName).toBe(DEFAULT_ASSOCIATION_NAME);
    store.dispatch(associationNameLoaded('Racking Horse Association'));
    expect(store.getState().ui.associationName).toBe('Racking Horse Association');
  });

  it('takes the portal of a stored session, so an expired admin returns to the admin sign-in', () => {
    storeSession(adminLoginResult);
    expect(createAppStore().getState().ui.lastPortal).toBe('admin');
    storeSession(memberLoginResult);
    expect(createAppStore().getState().ui.lastPortal).toBe('member');
  });

  it('remembers the last sign-in portal across logout', () => {
    const store = createAppStore();
    store.dispatch(adminLogin(adminLoginResult));
    store.dispatch(logout());
    expect(store.getState().ui.lastPortal).toBe('admin');
    store.dispatch(ownerLogin(memberLoginResult));
    expect(store.getState().ui.lastPortal).toBe('member');
  });
});
