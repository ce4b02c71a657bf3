import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { AVATAR_SIZE_PX, STORAGE_KEYS, TOAST_AUTOHIDE_MS } from '@registry/domain';
import { setRevokeSender } from '../../lib/revoke-session';
import { createAppStore } from '../../stores/create-store';
import { associationNameLoaded, showToast } from '../../stores/ui-slice';
import { adminLoginResult, memberLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import AppToaster from './app-toaster';

async function openShell(path: string) {
  const user = userEvent.setup();
  const view = renderApp(path);
  // Pages load lazily; the first one of a run can take over a second on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return { user, ...view };
}

describe('shell (spec §2.2)', () => {
  it.each([
    [
      'admin',
      adminLoginResult,
      '/',
      [
        ['Dashboard', '/'],
        ['Members List', '/admin/members-list'],
        ['Horse List', '/admin/horse-list'],
        ['Horse Reject/Approve', '/admin/horse-reject-approve'],
        ['Dashboard Content', '/admin/add-content'],
        ['Payments', '/admin/payments'],
        ['Staff', '/admin/staff'],
      ],
    ],
    [
      'member',
      memberLoginResult,
      '/dashboard',
      [
        ['Dashboard', '/dashboard'],
        ['My Horses', '/horse-list'],
        ['My Profile', '/profile'],
        ['Search Horses', '/search-all-horses'],
        ['Horse Registration', '/register-horse'],
        ['My Payments', '/my-payments'],
      ],
    ],
  ] as const)('shows the %s sidebar items in order', async (_role, session, home, items) => {
    storeSession(session);
    await openShell(home);
    const sidebar = screen.getByTestId('app-sidebar');
    const links = within(within(sidebar).getByRole('list')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(items);
  });

  it('toggles, folds and reports the sidebar state', async () => {
    storeSession(adminLoginResult);
    const { user, store } = await openShell('/');
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(store.getState().ui.sidebarShow).toBe(false);
    expect(screen.getByTestId('app-sidebar')).toHaveClass('hide');
    await user.click(toggle);
    expect(store.getState().ui.sidebarShow).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Fold sidebar' }));
    expect(store.getState().ui.sidebarUnfoldable).toBe(true);
    expect(screen.getByTestId('app-sidebar')).toHaveClass('sidebar-narrow-unfoldable');
  });

  it('has a breadcrumb with Home linked and the current page inactive', async () => {
    storeSession(adminLoginResult);
    await openShell('/admin/horse-list');
    const breadcrumb = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    const current = within(breadcrumb).getByText('Horse List');
    expect(current.closest('li')).toHaveAttribute('aria-current', 'page');
    expect(within(breadcrumb).queryByRole('link', { name: 'Horse List' })).toBeNull();
  });

  it('links Dashboard in the header to the role home', async () => {
    storeSession(memberLoginResult);
    await openShell('/profile');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows the footer with the association name and 2024', async () => {
    storeSession(memberLoginResult);
    const { store } = await openShell('/dashboard');
    act(() => {
      store.dispatch(associationNameLoaded('Racking Horse Club'));
    });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Racking Horse Club © 2024');
  });

  it('shows the profile picture as a 42 px round avatar', async () => {
    storeSession(memberLoginResult);
    await openShell('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    const img = toggle.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', '/uploads/avatars/m1.png');
    expect(img.style.width).toBe(`${AVATAR_SIZE_PX}px`);
    expect(img.style.height).toBe(`${AVATAR_SIZE_PX}px`);
  });

  it('shows initials without a picture, and when the picture fails to load', async () => {
    storeSession(adminLoginResult);
    await openShell('/');
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    expect(toggle.querySelector('img')).toBeNull();
    expect(toggle).toHaveTextContent('AA');

    cleanup();
    storeSession(memberLoginResult);
    await openShell('/dashboard');
    const member = screen.getByRole('button', { name: 'Account menu' });
    fireEvent.error(member.querySelector('img') as HTMLImageElement);
    expect(member.querySelector('img')).toBeNull();
    expect(member).toHaveTextContent('OO');
  });
});

describe('user menu', () => {
  it('offers Change Email to admins and opens its dialog', async () => {
    storeSession(adminLoginResult);
    const { user } = await openShell('/');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Change Email' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change Email')).toBeInTheDocument();
  });

  it('has no Change Email for members', async () => {
    storeSession(memberLoginResult);
    const { user } = await openShell('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Change Email' })).toBeNull();
  });

  it('logs an admin out to /admin/login at once, revoking the session in the background', async () => {
    storeSession(adminLoginResult);
    const revoked: string[] = [];
    setRevokeSender((token) => revoked.push(token));
    onTestFinished(() => setRevokeSender(null));
    const { user, store, location } = await openShell('/admin/horse-list');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Administrator sign in' })).toBeVisible();
    expect(location.pathname).toBe('/admin/login');
    expect(location.navigationType).toBe('REPLACE');
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    // The token the session had, sent to POST /api/auth/logout without being awaited.
    expect(revoked).toEqual([adminLoginResult.token]);
  });

  it('logs a member out to /login', async () => {
    storeSession(memberLoginResult);
    const { user, location } = await openShell('/profile');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Member sign in' })).toBeVisible();
    expect(location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });
});

describe('toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast titled Notification and removes it after 5 seconds', () => {
    vi.useFakeTimers();
    const store = createAppStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <AppToaster />
        </MemoryRouter>
      </Provider>,
    );
    act(() => {
      store.dispatch(showToast({ kind: 'success', message: 'Horse saved' }));
    });
    const toast = screen.getByText('Horse saved').closest('.toast') as HTMLElement;
    expect(within(toast).getByText('Notification')).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-kind', 'success');

    act(() => {
      vi.advanceTimersByTime(TOAST_AUTOHIDE_MS - 100);
    });
    expect(store.getState().ui.toasts).toHaveLength(1);
    // Hidden at 5 s, then removed once the fade-out transition ends.
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(store.getState().ui.toasts).toHaveLength(0);
  });
});

describe('session end while on a private page', () => {
  it('sends an admin whose session expired back to the admin sign-in', async () => {
    storeSession(adminLoginResult);
    const { store, location } = await openShell('/admin/members-list');
    const { sessionExpired } = await import('../../stores/thunks');
    act(() => {
      store.dispatch(sessionExpired());
    });
    await waitFor(() => expect(location.pathname).toBe('/admin/login'));
  });
});
