import { describe, expect, it } from 'vitest';
import { E2E_ADMIN, E2E_MEMBER, E2E_MEMBER_2 } from './support/accounts.js';
import { pathOf, useBrowser } from './support/browser.js';
import { api, signIn, storedSession } from './support/session.js';

const browser = useBrowser();

describe('signing in and out', () => {
  it('an administrator signs in, sees the admin shell, and signs out', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', E2E_ADMIN);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /Dashboard/,
    );
    const sidebar = page.getByTestId('app-sidebar');
    await sidebar.getByRole('link', { name: 'Members List' }).waitFor();
    await sidebar.getByRole('link', { name: 'Horse Reject/Approve' }).waitFor();
    const session = await storedSession(page);
    expect(session.userRole).toBe('admin');
    expect(session.accessToken).toBeTruthy();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Change Email').waitFor();
    await page.getByText('Log Out').click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await storedSession(page)).toEqual({
      accessToken: null,
      userRole: null,
      userData: null,
    });
    expect(page.consoleErrors).toEqual([]);
  });

  it('a member signs in on /login and lands on their dashboard with the owner menu', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', E2E_MEMBER);
    const sidebar = page.getByTestId('app-sidebar');
    for (const name of ['My Horses', 'My Profile', 'Search Horses', 'Horse Registration']) {
      await sidebar.getByRole('link', { name }).waitFor();
    }
    await expect(sidebar.getByRole('link', { name: 'Members List' }).count()).resolves.toBe(0);
    const session = await storedSession(page);
    expect(session.userRole).toBe('member');
    expect(JSON.parse(session.userData ?? '{}').email).toBe(E2E_MEMBER.email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Change Email').count()).resolves.toBe(0);
    await page.getByText('Log Out').click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows client validation and the server’s error, and keeps the user on the form', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill(E2E_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('refuses a member on the administrator login with the server’s message', async () => {
    const page = await browser.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_MEMBER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This sign-in is for administrators' })
      .waitFor();
    expect(pathOf(page)).toBe('/admin/login');
  });

  it('shows and hides the password', async () => {
    const page = await browser.newPage();
    await page.goto('/admin/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor of a private page to /login', async () => {
    const page = await browser.newPage();
    await page.goto('/horse-list');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-out visitor whose stored role is admin to /admin/login', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('userRole', 'admin'));
    await page.goto('/admin/members-list');
    await page.waitForURL((url) => url.pathname === '/admin/login');
  });

  it('sends a signed-in user away from the login and forgot-password pages, replacing history', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', E2E_ADMIN);
    for (const path of [
      '/admin/login',
      '/login',
      '/admin/forget-password',
      '/owner/forget-password',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    const member = await browser.newPage();
    await signIn(member, 'member', E2E_MEMBER);
    await member.goto('/login');
    await member.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('shows the error page for an unknown address', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /not found/i,
    );
  });

  it('signs the user out when the server answers 401', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', E2E_MEMBER_2);
    const admin = await api(browser.baseURL, 'POST', '/auth/admin-login', { body: E2E_ADMIN });
    const adminToken = (admin.body.data as { token: string }).token;
    const memberId = JSON.parse((await storedSession(page)).userData ?? '{}').id as string;
    const off = await api(browser.baseURL, 'PUT', `/admin/member/${memberId}/deactivate`, {
      token: adminToken,
    });
    expect(off.status).toBe(200);
    try {
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login');
      expect((await storedSession(page)).accessToken).toBeNull();
    } finally {
      await api(browser.baseURL, 'PUT', `/admin/member/${memberId}/activate`, {
        token: adminToken,
      });
    }
  });
});
