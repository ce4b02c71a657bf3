import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STAFF_MESSAGES } from '@registry/domain';
import { E2E_ADMIN } from './support/accounts.js';
import { axeViolations as violations } from './support/axe.js';
import { DESKTOP, PHONE, pathOf, useBrowser } from './support/browser.js';
import { waitForMail } from './support/mailbox.js';
import { api, signIn, storedSession } from './support/session.js';

/**
 * Office staff (issue 29 §1) in Chromium: an administrator invites a registrar; the registrar
 * chooses a password from the mailed link, signs in at the office sign-in, sees only the
 * registrar's menu, is told the Payments page is not for the role, and the server refuses a
 * payment action with 403. The steps share state and run in order.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;
const registrar = {
  firstName: 'Rowan',
  lastName: `Registrar ${run}`,
  email: `rowan.${run}@office.e2e.test`,
  // Office passwords may hold spaces (members' may not).
  password: 'rowan keeps the register',
};
const fullName = `${registrar.firstName} ${registrar.lastName}`;

let admin: Page;
let office: Awaited<ReturnType<typeof browser.newPage>>;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-kind]').filter({ hasText: text }).first();

const sidebarLinks = (page: Page) =>
  page.getByTestId('app-sidebar').getByRole('list').getByRole('link').allTextContents();

describe('office staff', () => {
  it('an administrator invites a registrar from the Staff page', async () => {
    admin = await browser.newPage(DESKTOP);
    await signIn(admin, 'admin', E2E_ADMIN);
    await admin
      .getByTestId('app-sidebar')
      .getByRole('link', { name: 'Staff', exact: true })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/staff');
    await admin.getByRole('table', { name: 'Office staff' }).waitFor();
    expect(await violations(admin)).toEqual([]);

    await admin.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite staff' });
    await dialog.getByRole('radio', { name: /^Registrar/ }).waitFor();
    // Checked once the dialog has faded in: half-transparent text fails the contrast rule.
    await admin.waitForFunction(() => {
      const modal = document.querySelector('.modal.show');
      return modal !== null && getComputedStyle(modal).opacity === '1';
    });
    expect(await violations(admin, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Email').fill(registrar.email);
    await dialog.getByLabel('First name').fill(registrar.firstName);
    await dialog.getByLabel('Last name').fill(registrar.lastName);
    await dialog.getByRole('radio', { name: /^Registrar/ }).check();
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `The invitation has been emailed to ${registrar.email}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.getByRole('row').filter({ hasText: fullName });
    await expect.poll(() => row.textContent()).toMatch(/Registrar.*Invited.*Never/);

    const mail = await waitForMail(registrar.email, /your office account/, { since });
    expect(mail.text).toContain('as Registrar');
    const link = /https?:\/\/\S+?\/set-password#token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    // The registrar chooses a password from the link and lands on the office sign-in.
    office = await browser.newPage(PHONE);
    const url = new URL(link!);
    await office.goto(`${url.pathname}${url.hash}`);
    await office.getByText(registrar.email).waitFor();
    await office.getByLabel('New password', { exact: true }).fill(registrar.password);
    await office.getByLabel('Confirm new password').fill(registrar.password);
    await office.getByRole('button', { name: 'Set password' }).click();
    await office.waitForURL((u) => u.pathname === '/admin/login');
    await toast(office, 'Your password has been set').waitFor();
  });

  it('the registrar signs in and sees only the registrar menu', async () => {
    await office.setViewportSize(DESKTOP);
    await signIn(office, 'admin', registrar);
    await office.getByTestId('app-sidebar').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await sidebarLinks(office)).toEqual([
      'Dashboard',
      'Members List',
      'Horse List',
      'Horse Reject/Approve',
    ]);
    const stored = JSON.parse((await storedSession(office)).userData ?? '{}');
    expect(stored).toMatchObject({ email: registrar.email, staffRole: 'registrar' });
  });

  it('the Payments page says the role cannot use it, and the server refuses a payment', async () => {
    await office.goto('/admin/payments');
    await office.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await office
      .getByText('Your role (Registrar) cannot use Payments. Ask an administrator if you need to.')
      .waitFor();
    expect(await violations(office)).toEqual([]);
    expect(pathOf(office)).toBe('/admin/payments');

    // The Horse List offers no payment action to a registrar.
    await office.goto('/admin/horse-list');
    const firstRow = office.getByRole('row').nth(1);
    await firstRow.waitFor();
    await firstRow.getByRole('button', { name: /^More/ }).click();
    await office.getByRole('menu').waitFor();
    expect(
      await office
        .getByRole('menu')
        .getByText(/payment/i)
        .count(),
    ).toBe(0);
    await office.keyboard.press('Escape');

    // Asked directly, the server refuses the registrar's payment action.
    const token = (await storedSession(office)).accessToken ?? '';
    const horses = await api(browser.baseURL, 'GET', '/admin/horses?page=1&pageSize=1', {
      token,
    });
    expect(horses.status).toBe(200);
    const [horse] = (horses.body.data as { items: { _id: string }[] }).items;
    expect(horse).toBeTruthy();
    const refused = await api(browser.baseURL, 'POST', `/admin/payment-process/${horse!._id}`, {
      token,
      body: { method: 'cash' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(STAFF_MESSAGES.roleCannot('registrar', 'payments'));
  });

  it("the administrator sees the registrar's sign-in and can deactivate them, ending their session", async () => {
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: fullName });
    await expect.poll(() => row.textContent()).toMatch(/Registrar.*Active/);
    await row.getByRole('button', { name: `Deactivate ${fullName}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Deactivate staff member' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toMatch(/Deactivated/);

    // The registrar's next request finds the session ended: back to the office sign-in.
    await office.goto('/admin/members-list');
    await office.waitForURL((u) => u.pathname === '/admin/login');
    expect(office.consoleErrors.filter((e) => !/401|403/.test(e))).toEqual([]);
  });

  it('the Staff page fits a phone: cards with their actions, no sideways scrolling', async () => {
    const phone = await browser.newPage(PHONE);
    await signIn(phone, 'admin', E2E_ADMIN);
    await phone.goto('/admin/staff');
    const cards = phone.getByRole('list', { name: 'Office staff' });
    await cards.waitFor();
    const card = cards.getByRole('listitem').filter({ hasText: fullName });
    await expect.poll(() => card.textContent()).toMatch(/Deactivated/);
    await card.getByRole('button', { name: `Change role ${fullName}` }).waitFor();
    const widths = await phone.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await phone.screenshot({ path: '/tmp/staff-phone.png', fullPage: true });
  });
});
