import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@registry/domain';
import { adminLoginResult, memberLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route guard: signed out (spec §2.1)', () => {
  it.each(['/admin/horse-list', '/horse-list', '/', '/dashboard'])(
    'sends %s to /login, replacing the entry',
    async (path) => {
      const { location } = renderApp(path);
      expect(await heading('Member sign in')).toBeInTheDocument();
      expect(location.pathname).toBe('/login');
      expect(location.navigationType).toBe('REPLACE');
    },
  );

  it('sends to /admin/login when the stored role says admin', async () => {
    localStorage.setItem(STORAGE_KEYS.userRole, 'admin');
    const { location } = renderApp('/admin/members-list');
    expect(await heading('Administrator sign in')).toBeInTheDocument();
    expect(location.pathname).toBe('/admin/login');
  });

  it.each([
    ['/admin/login', 'Administrator sign in'],
    ['/login', 'Member sign in'],
    ['/admin/forget-password', 'Forgot password'],
    ['/owner/forget-password', 'Forgot password'],
  ])('shows the public page %s', async (path, title) => {
    const { location } = renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(location.pathname).toBe(path);
    expect(screen.queryByTestId('app-sidebar')).not.toBeInTheDocument();
  });

  it('redirects /owner/login to /login', async () => {
    const { location } = renderApp('/owner/login');
    expect(await heading('Member sign in')).toBeInTheDocument();
    expect(location.pathname).toBe('/login');
  });

  it('shows the error page with a link home for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('route guard: signed in', () => {
  it.each(['/admin/login', '/admin/forget-password'])(
    'sends an admin on %s to / (the admin dashboard)',
    async (path) => {
      storeSession(adminLoginResult);
      const { location } = renderApp(path);
      expect(await heading('Dashboard')).toBeInTheDocument();
      expect(location.pathname).toBe('/');
      expect(location.navigationType).toBe('REPLACE');
      expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
    },
  );

  it.each(['/login', '/owner/forget-password'])(
    'sends a member on %s to / and on to /dashboard',
    async (path) => {
      storeSession(memberLoginResult);
      const { location } = renderApp(path);
      expect(await heading('Dashboard')).toBeInTheDocument();
      await waitFor(() => expect(location.pathname).toBe('/dashboard'));
    },
  );

  it.each([
    ['/admin/horse-list', 'Horse List', adminLoginResult],
    ['/admin/members-list', 'Members List', adminLoginResult],
    ['/admin/add-content', 'Dashboard Content', adminLoginResult],
    ['/admin/horse-reject-approve', 'Horse Approve/Reject', adminLoginResult],
    ['/horse-list', 'My Horses', memberLoginResult],
    ['/profile', 'My Profile', memberLoginResult],
    ['/search-all-horses', 'Search Horses', memberLoginResult],
    ['/register-horse', 'Horse Registration', memberLoginResult],
    ['/dashboard', 'Dashboard', memberLoginResult],
  ])('shows page %s (%s) inside the shell to its role', async (path, title, session) => {
    storeSession(session);
    const { location } = renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(location.pathname).toBe(path);
    expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('refuses an admin page to a member, inside the shell, with a link home', async () => {
    storeSession(memberLoginResult);
    renderApp('/admin/members-list');
    expect(await heading('Not permitted')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members List' })).not.toBeInTheDocument();
    expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('refuses a member page to an admin', async () => {
    storeSession(adminLoginResult);
    renderApp('/register-horse');
    expect(await heading('Not permitted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the error page inside the shell', async () => {
    storeSession(memberLoginResult);
    renderApp('/nowhere');
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
  });
});
