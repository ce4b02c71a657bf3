import { describe, expect, it } from 'vitest';
import { E2E_ADMIN, E2E_MEMBER } from './support/accounts.js';
import { PHONE, useBrowser } from './support/browser.js';
import { signIn } from './support/session.js';

const browser = useBrowser();

const sidebarClass = (page: Awaited<ReturnType<typeof browser.newPage>>) =>
  page
    .getByTestId('app-sidebar')
    .getAttribute('class')
    .then((c) => c ?? '');

describe('shell', () => {
  it('hides, shows and folds the sidebar on a desktop', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', E2E_ADMIN);
    const sidebar = page.getByTestId('app-sidebar');
    await sidebar.waitFor();

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => sidebarClass(page)).toContain('hide');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => sidebarClass(page)).not.toContain('hide');

    await page.getByRole('button', { name: 'Fold sidebar' }).click();
    await expect.poll(() => sidebarClass(page)).toContain('sidebar-narrow-unfoldable');
    await page.getByRole('button', { name: 'Fold sidebar' }).click();
    await expect.poll(() => sidebarClass(page)).not.toContain('sidebar-narrow-unfoldable');
  });

  it('shows a breadcrumb of Home and the named route, the last one inactive', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', E2E_ADMIN);
    await page.getByTestId('app-sidebar').getByRole('link', { name: 'Members List' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/members-list');
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('listitem');
    await expect(crumbs.allTextContents()).resolves.toEqual(['Home', 'Members List']);
    await expect(crumbs.last().getAttribute('aria-current')).resolves.toBe('page');
    await expect(crumbs.first().getByRole('link').count()).resolves.toBe(1);
    await expect(crumbs.last().getByRole('link').count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Members List',
    );
  });

  it('shows the footer with the association name and 2024, and a 42 px avatar', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', E2E_MEMBER);
    await expect(page.getByRole('contentinfo').textContent()).resolves.toMatch(
      /Gaited Horse Registry.*2024|2024.*Gaited Horse Registry/,
    );
    // The picture, or the initials in its place when the member has none (this one has none).
    const avatar = page
      .getByRole('button', { name: 'Account menu' })
      .locator('.user-avatar-image, .user-avatar-initials');
    const box = await avatar.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(42);
    expect(Math.round(box?.height ?? 0)).toBe(42);
  });

  it('works on a 390 px phone: no sideways scrolling, sidebar opens from the toggle', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/login');
    const loginWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(loginWidth).toBeLessThanOrEqual(PHONE.width);

    await signIn(page, 'member', E2E_MEMBER);
    const sidebar = page.getByTestId('app-sidebar');
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -999).toBeLessThan(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -999).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });
});
