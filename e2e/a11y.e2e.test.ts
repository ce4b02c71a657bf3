import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN, E2E_MEMBER } from './support/accounts.js';
import { axeViolations as violations } from './support/axe.js';
import { useBrowser } from './support/browser.js';
import { signIn } from './support/session.js';

const browser = useBrowser();

/** Waits for a page's main heading, then checks the whole page. */
async function checkPage(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  // Lists and figures load after the heading; check what a member would read.
  await page.waitForLoadState('networkidle');
  return (await violations(page)).map((line) => `${path}: ${line}`);
}

/**
 * Checks an open dialog on its own (the page behind it is checked on its own visit). The
 * dialogs are static (no close on Escape or a click beside them); the next step navigates.
 */
async function checkDialog(page: Page, dialog: Locator, label: string): Promise<string[]> {
  await dialog.waitFor();
  await page.waitForLoadState('networkidle');
  return (await violations(page, '[role="dialog"]')).map((line) => `${label}: ${line}`);
}

describe('accessibility', () => {
  it.each(['/login', '/admin/login'])('%s has no axe violation', async (path) => {
    const page = await browser.newPage();
    await page.goto(path);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it.each(['/login', '/admin/login'])('%s ties every input to a visible label', async (path) => {
    const page = await browser.newPage();
    await page.goto(path);
    const unlabeled = await page.evaluate(() =>
      Array.from(document.querySelectorAll('input, select, textarea'))
        .filter((el) => {
          const id = el.getAttribute('id');
          const label = id ? document.querySelector(`label[for="${id}"]`) : el.closest('label');
          return !label || (label as HTMLElement).offsetParent === null;
        })
        .map((el) => el.outerHTML),
    );
    expect(unlabeled).toEqual([]);
  });

  it('every member page and dialog has no axe violation', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', E2E_MEMBER);
    const found = [
      ...(await checkPage(page, '/dashboard', /Welcome|Dashboard/)),
      ...(await checkPage(page, '/horse-list', 'My Horses')),
      ...(await checkPage(page, '/search-all-horses', 'Search Horses')),
      ...(await checkPage(page, '/profile', 'My Profile')),
    ];

    // Register Horse opens the registration form in its dialog.
    await page.goto('/register-horse');
    found.push(
      ...(await checkDialog(
        page,
        page.getByRole('dialog', { name: 'Register Horse' }),
        'registration',
      )),
    );

    // A demo horse of this member is unpaid: its row offers Pay.
    await page.goto('/horse-list');
    await page.getByRole('button', { name: /^Pay/ }).first().click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: /^Pay for/ }), 'payment')),
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('every office page and dialog has no axe violation', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', E2E_ADMIN);
    const found = [
      ...(await checkPage(page, '/', 'Dashboard')),
      ...(await checkPage(page, '/admin/horse-list', 'Horse List')),
      ...(await checkPage(page, '/admin/horse-reject-approve', /Approv/)),
      ...(await checkPage(page, '/admin/members-list', 'Members List')),
      ...(await checkPage(page, '/admin/add-content', 'Dashboard Content')),
    ];

    await page.goto('/admin/members-list');
    await page.getByRole('button', { name: 'New member' }).click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'New member' }), 'member form')),
    );

    // The demo data has a pending, paid horse: Review, then Approve.
    await page.goto('/admin/horse-reject-approve');
    await page
      .getByRole('button', { name: /^Review/ })
      .first()
      .click();
    const review = page.getByRole('dialog', { name: /^Review/ });
    await review.waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: /^Approve/ }), 'approve')),
    );

    // And approved ones: More, then Transfer ownership.
    await page.goto('/admin/horse-list');
    await page.getByRole('button', { name: /^More/ }).first().click();
    await page.getByRole('button', { name: /^Transfer ownership/ }).click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: /^Transfer/ }), 'transfer')),
    );
    expect(found).toEqual([]);
  }, 120_000);
});
