import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, E2E_MEMBER, E2E_MEMBER_2 } from './support/accounts.js';
import { DESKTOP, PHONE, pathOf, useBrowser } from './support/browser.js';
import { extractCode, waitForMail } from './support/mailbox.js';
import { newOfficeAdministrator } from './support/office-account.js';
import { api, signIn, storedSession } from './support/session.js';

const browser = useBrowser();
const { baseURL } = browser;

/** member1's password between the reset test and the profile test, which restores it. */
const MEMBER_TEMP_PASSWORD = 'paddock-lantern-meadow';
const ADMIN_NEW_EMAIL = `office-new.${Date.now() % 1_000_000}@e2e.test`;

/** Desktop and phone pictures of the current screen, for a person to look at. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/accounts-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `/tmp/accounts-${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Types a code into the six boxes the way a person does: first box, then the digits. */
/**
 * Puts one digit in each box and waits until the boxes read the whole code: typing six keys in
 * a row can outrun the focus moves on a loaded machine and land digits in the wrong box.
 */
async function typeCode(page: Page, code: string) {
  const box = (i: number) => page.getByRole('textbox', { name: `Digit ${i + 1} of 6` });
  for (const [i, digit] of [...code].entries()) await box(i).fill(digit);
  await expect
    .poll(async () => (await Promise.all([...code].map((_, i) => box(i).inputValue()))).join(''))
    .toBe(code);
  // Where typing would have left the focus: the next empty box, or the last one.
  await box(Math.min(code.length, 5)).focus();
}

async function signInToken(portal: 'admin' | 'member', email: string, password: string) {
  const path = portal === 'admin' ? '/auth/admin-login' : '/auth/login';
  const answer = await api(baseURL, 'POST', path, { body: { email, password } });
  return answer.status === 200 ? (answer.body.data as { token: string }).token : null;
}

afterAll(async () => {
  // Other test files sign in with this account: put its password back however this file ended.
  const tempToken = await signInToken('member', E2E_MEMBER.email, MEMBER_TEMP_PASSWORD);
  if (tempToken) {
    await api(baseURL, 'PUT', '/members/change-memberPassword', {
      token: tempToken,
      body: { currentPassword: MEMBER_TEMP_PASSWORD, newPassword: E2E_MEMBER.password },
    });
  }
}, 180_000);

describe('accounts in the browser, with mail read from a real SMTP server', () => {
  it('admin forgot password: code by mail, new password, old sessions ended', async () => {
    const oldToken = await signInToken('admin', E2E_ADMIN.email, E2E_ADMIN.password);
    expect(oldToken).toBeTruthy();
    const page = await browser.newPage();
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: '2FA' }).waitFor();
    await shoot(page, 'admin-reset-email');

    const since = Date.now();
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Email').press('Enter');
    await page.getByText(`An OTP has been sent to ${E2E_ADMIN.email}`).waitFor();
    const mail = await waitForMail(E2E_ADMIN.email, /password reset code/, { since });
    const code = extractCode(mail);

    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'Verify 2FA' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid OTP. Please try again.' }).waitFor();
    await shoot(page, 'admin-reset-code');
    await typeCode(page, code);
    await page.keyboard.press('Enter');
    await page
      .getByText('OTP verified successfully. Now, please enter your new password.')
      .waitFor();

    // The same password again, so the other test files can still sign in with it.
    await page.getByLabel('New password').fill(E2E_ADMIN.password);
    await shoot(page, 'admin-reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByText('Password has been successfully reset.').waitFor();

    const old = await api(baseURL, 'GET', '/auth/me', { token: oldToken ?? '' });
    expect(old.status).toBe(401);
    await signIn(page, 'admin', E2E_ADMIN);
    expect(page.consoleErrors.filter((text) => !/status of 4\d\d/.test(text))).toEqual([]);
  });

  it('admin change email: code to the new address, old one told, header shows it', async () => {
    // An administrator of this test's own: the shared one keeps its address for the other files.
    const office = await newOfficeAdministrator(baseURL, 'Morgan');
    const page = await browser.newPage();
    await signIn(page, 'admin', office);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Email' });
    await dialog.getByLabel('New email').fill(ADMIN_NEW_EMAIL);
    await shoot(page, 'change-email-address');

    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await dialog.getByText('OTP has been sent to your email.').waitFor();
    const code = extractCode(await waitForMail(ADMIN_NEW_EMAIL, /new email/, { since }));
    await typeCode(page, code.slice(0, 4));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Please enter a valid 6-digit OTP').waitFor();
    await shoot(page, 'change-email-code');
    await page.getByRole('textbox', { name: 'Digit 5 of 6' }).fill(code.charAt(4));
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).fill(code.charAt(5));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Email updated successfully').waitFor();

    const notice = await waitForMail(office.email, /email address was changed/, { since });
    expect(notice.text).toContain(ADMIN_NEW_EMAIL);
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByTestId('menu-email').textContent()).toBe(ADMIN_NEW_EMAIL);
    expect(JSON.parse((await storedSession(page)).userData ?? '{}').email).toBe(ADMIN_NEW_EMAIL);
  });

  it('member forgot password: digits-only boxes, no spaces, then /login after 2 s', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const since = Date.now();
    await page.getByLabel('Email').fill(E2E_MEMBER.email);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    const code = extractCode(await waitForMail(E2E_MEMBER.email, /password reset code/, { since }));

    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type('ab');
    expect(await page.getByRole('textbox', { name: 'Digit 1 of 6' }).inputValue()).toBe('');
    await typeCode(page, code);
    await shoot(page, 'member-reset-code');
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    await page.getByLabel('New password').fill('has a space');
    await page.getByText('Password cannot contain spaces').waitFor();
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('New password').getAttribute('type')).toBe('text');
    await shoot(page, 'member-reset-password');
    await page.getByLabel('New password').fill(MEMBER_TEMP_PASSWORD);
    await page.getByRole('button', { name: 'Submit New Password' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Password has been successfully reset' })
      .waitFor();
    await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
    expect(pathOf(page)).toBe('/owner/forget-password');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5000 });
    await signIn(page, 'member', { email: E2E_MEMBER.email, password: MEMBER_TEMP_PASSWORD });
  });

  it('member signs in with an emailed code', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Email').fill(E2E_MEMBER_2.email);
    await shoot(page, 'code-login-email');
    const since = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = extractCode(await waitForMail(E2E_MEMBER_2.email, /sign-in code/, { since }));
    // Issue 28 §7, with real key presses: part of a code, then the whole code again from the
    // first box. Each digit replaces its box and moves on, one equal to the box's digit too.
    const boxes = () =>
      Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          page.getByRole('textbox', { name: `Digit ${n} of 6` }).inputValue(),
        ),
      );
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type('5435');
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type('543598');
    await expect.poll(boxes).toEqual(['5', '4', '3', '5', '9', '8']);
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    // A paste fills all six boxes (a real clipboard event; headless Chromium has no clipboard).
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).evaluate((box, text) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text', text);
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
      );
    }, code);
    expect(await page.getByRole('textbox', { name: 'Digit 6 of 6' }).inputValue()).toBe(code[5]);
    await shoot(page, 'code-login-code');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const session = await storedSession(page);
    expect(session.userRole).toBe('member');
    expect(JSON.parse(session.userData ?? '{}').email).toBe(E2E_MEMBER_2.email);
  });

  it('profile: edit details, upload a picture for the header, change the password', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', { email: E2E_MEMBER.email, password: MEMBER_TEMP_PASSWORD });
    await page.goto('/profile');
    await page.getByLabel('First name').waitFor();
    expect(await page.getByText('M-0001').count()).toBe(1);
    await shoot(page, 'profile');

    await page.getByLabel('Phone').fill('(859) 555-0142');
    await page.getByLabel('ZIP').fill('40502');
    await page.getByLabel('State').selectOption('Kentucky');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.reload();
    await page.getByLabel('Phone').waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('(859) 555-0142');

    const dir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-avatar-'));
    const picture = path.join(dir, 'me.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8a4b2a' } })
      .png()
      .toFile(picture);
    await page.getByLabel('Upload picture').setInputFiles(picture);
    await page.getByText('Profile picture updated').waitFor();
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/\/uploads\/avatars\//);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(MEMBER_TEMP_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(E2E_MEMBER.password);
    await form.getByLabel('Confirm new password').fill(E2E_MEMBER.password);
    await shoot(page, 'profile-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    // This session stays; the new password works elsewhere.
    expect((await storedSession(page)).accessToken).toBeTruthy();
    expect(await signInToken('member', E2E_MEMBER.email, E2E_MEMBER.password)).toBeTruthy();
  });
});
