import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { E2E_ADMIN, E2E_MEMBER } from './support/accounts.js';
import { DESKTOP, PHONE, pathOf, useBrowser } from './support/browser.js';
import { makeRegistrationFiles, type RegistrationFiles } from './support/files.js';
import { fillHorse as fillRegistration, type HorseDetails } from './support/registration-form.js';
import { waitForMail } from './support/mailbox.js';
import { payWithTestCard } from './support/card-payment.js';
import { signIn } from './support/session.js';

/**
 * Administration in Chromium (issue 6): an administrator creates a member and sends
 * credentials; the member sets a password from the emailed link, signs in and registers two
 * horses; the administrator approves one and rejects the other; the member sees the number,
 * downloads the certificate and reads the reason; the approved horse is transferred; a
 * deactivated member's open session ends. The steps share state and run in order.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;
const newMember = {
  firstName: 'Quinn',
  lastName: `Newman ${run}`,
  email: `quinn.${run}@e2e.test`,
  memberNumber: `Q-${run}`,
  password: 'quinn-chooses-this-1',
};
const fullName = `${newMember.firstName} ${newMember.lastName}`;

/** This file's horse: the shared form filler with its own breeding and owner details. */
const HORSE: HorseDetails = {
  stateFoaledIn: 'Tennessee',
  foalDate: '2021-03-10',
  breedingDate: '2021-05-01',
  sex: 'Gelding',
  owner: {
    memberNumber: newMember.memberNumber,
    name: fullName,
    address: '8 Stable Row',
    city: 'Franklin',
    state: 'Tennessee',
    zip: '37064',
  },
};
const fillHorse = (page: Page, dialog: Locator, files: RegistrationFiles, name: string) =>
  fillRegistration(page, dialog, files, name, HORSE);
const approvedHorse = `Admin Flow Star ${run}`;
const rejectedHorse = `Admin Flow Doubt ${run}`;
const reason = 'The marking photos do not show the left side clearly.';

let admin: Page;
let member: Page;
let registrationNumber = '';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/admin-${name}.png`, fullPage: true });

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-kind]').filter({ hasText: text }).first();

/** The member registers a horse with the sandbox card that succeeds (items 1-17 of §2.6). */
async function registerHorse(page: Page, files: RegistrationFiles, name: string) {
  await page.goto('/register-horse');
  const dialog = page.getByRole('dialog', { name: 'Register Horse' });
  await dialog.waitFor();
  await fillHorse(page, dialog, files, name);
  await payWithTestCard(page, dialog, {
    address: '8 Stable Row\nFranklin, TN 37064',
    phone: '(615) 555-0142',
    email: newMember.email,
    holder: fullName,
  });
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
  await page.getByText('Horse Register successfully').first().waitFor();
}

async function openAdminPage(page: Page, link: string, path: string) {
  await page.getByTestId('app-sidebar').getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

function rowOf(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

describe('administration', () => {
  it('an administrator creates a member and emails credentials', async () => {
    admin = await browser.newPage(DESKTOP);
    await signIn(admin, 'admin', E2E_ADMIN);
    await admin.getByRole('figure', { name: 'Revenue per month (last 12 months)' }).waitFor();
    await shot(admin, 'dashboard-desktop');

    await openAdminPage(admin, 'Members List', '/admin/members-list');
    await admin.getByRole('button', { name: 'New member' }).click();
    const form = admin.getByRole('dialog', { name: 'New member' });
    await form.getByLabel('First name').fill(newMember.firstName);
    await form.getByLabel('Last name').fill(newMember.lastName);
    await form.getByLabel('Email').fill(E2E_MEMBER.email);
    await form.getByLabel('Member number').fill(newMember.memberNumber);
    await form.getByLabel('City').fill('Franklin');
    await form.getByRole('button', { name: 'Create member' }).click();
    // The demo member already has this address: the server's answer lands on the field.
    await form.getByText('A member with this email already exists').waitFor();
    await form.getByLabel('Email').fill(newMember.email);
    await form.getByRole('button', { name: 'Create member' }).click();
    await form.waitFor({ state: 'hidden' });

    await admin.getByLabel('Name, email, member number or city').fill(newMember.memberNumber);
    const row = rowOf(admin, newMember.email);
    await row.waitFor();
    expect(await row.textContent()).toContain('No password yet');
    await shot(admin, 'members-desktop');

    const since = Date.now();
    await row.getByRole('button', { name: /^More/ }).click();
    await admin.getByRole('button', { name: `Send credentials ${fullName}` }).click();
    await toast(admin, 'A set-password link has been emailed to the member').waitFor();
    const mail = await waitForMail(newMember.email, /your member account/, { since });
    // The token rides in the fragment, which the browser never sends to a server.
    const link = /https?:\/\/\S+?\/set-password#token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    member = await browser.newPage(DESKTOP);
    const url = new URL(link!);
    await member.goto(`${url.pathname}${url.hash}`);
    await member.getByText(newMember.email).waitFor();
    // Read, then cleared from the address (and so from the browser's history).
    await member.waitForURL((u) => u.pathname === '/set-password' && u.hash === '' && !u.search);
    await shot(member, 'set-password-desktop');
    await member.getByLabel('New password', { exact: true }).fill(newMember.password);
    await member.getByLabel('Confirm new password').fill(newMember.password);
    await member.getByRole('button', { name: 'Set password' }).click();
    await member.waitForURL((u) => u.pathname === '/login');
    await toast(member, 'Your password has been set').waitFor();

    // The link worked once.
    await member.goto(`${url.pathname}${url.hash}`);
    await member.getByText(/invalid or has expired/).waitFor();
  });

  it('the new member signs in and registers two horses', async () => {
    await signIn(member, 'member', { email: newMember.email, password: newMember.password });
    const files = await makeRegistrationFiles(member);
    await registerHorse(member, files, approvedHorse);
    await registerHorse(member, files, rejectedHorse);
    await member.goto('/dashboard');
    await member.getByRole('heading', { name: 'My horses' }).waitFor();
    await shot(member, 'member-dashboard-desktop');
  });

  it('the administrator approves one horse and rejects the other with a reason', async () => {
    await openAdminPage(admin, 'Horse Reject/Approve', '/admin/horse-reject-approve');
    const row = rowOf(admin, approvedHorse);
    await row.waitFor();
    await shot(admin, 'approvals-desktop');
    await row.getByRole('button', { name: /^Review/ }).click();
    const review = admin.getByRole('dialog', { name: /^Review/ });
    await review.getByRole('link', { name: /registration-papers\.pdf/ }).waitFor();
    await shot(admin, 'review-desktop');
    await review.getByRole('button', { name: 'Approve' }).click();

    const approve = admin.getByRole('dialog', { name: /^Approve/ });
    await approve.getByLabel(`${approvedHorse} II (second choice)`).check();
    await approve.getByLabel(/VERIFIED/).check();
    await approve.getByRole('button', { name: 'Approve' }).click();
    const done = approve.getByRole('status');
    await done.waitFor();
    registrationNumber = (await done.locator('strong').nth(1).textContent()) ?? '';
    expect(registrationNumber).toMatch(/\S/);
    await shot(admin, 'approved-desktop');
    await approve.getByRole('button', { name: 'Close' }).last().click();
    await rowOf(admin, approvedHorse).waitFor({ state: 'detached' });

    await rowOf(admin, rejectedHorse)
      .getByRole('button', { name: /^Review/ })
      .click();
    await admin
      .getByRole('dialog', { name: /^Review/ })
      .getByRole('button', { name: 'Reject' })
      .click();
    const reject = admin.getByRole('dialog', { name: /^Reject/ });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('A reason is required to reject a registration').waitFor();
    await reject.getByLabel(/Reason/).fill(reason);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await toast(admin, 'Horse rejected').waitFor();
    await rowOf(admin, rejectedHorse).waitFor({ state: 'detached' });
  });

  it('the member sees the number, downloads the certificate and reads the reason', async () => {
    await member.goto('/horse-list');
    const approved = rowOf(member, `${approvedHorse} II`);
    await approved.waitFor();
    expect(await approved.textContent()).toContain(registrationNumber);
    const download = member.waitForEvent('download');
    await approved.getByRole('button', { name: /^Certificate/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certificate-.*\.pdf$/);
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

    const rejected = rowOf(member, rejectedHorse);
    expect(await rejected.textContent()).toContain(reason);
    const mail = await waitForMail(newMember.email, /registration not approved/);
    expect(mail.text).toContain(reason);

    const verify = await browser.newPage(PHONE);
    await verify.goto(`/verify/${encodeURIComponent(registrationNumber)}`);
    // The name is in the facts and again in the pedigree chart's Horse place.
    await verify.getByText(`${approvedHorse} II`).first().waitFor();
    await verify.getByText('VERIFIED').waitFor();
    await shot(verify, 'verify-phone');
    await verify.goto('/verify/NO-SUCH-NUMBER');
    await verify.getByText('Not found.').waitFor();
  });

  it('the administrator transfers the approved horse and sees it in its history', async () => {
    await openAdminPage(admin, 'Horse List', '/admin/horse-list');
    await admin.getByLabel('Name, registration number, sire or dam').fill(registrationNumber);
    const row = rowOf(admin, registrationNumber);
    await row.waitFor();
    await shot(admin, 'horse-list-desktop');
    await row.getByRole('button', { name: /^More/ }).click();
    await admin.getByRole('button', { name: /^Transfer ownership/ }).click();
    const dialog = admin.getByRole('dialog', { name: /^Transfer/ });
    await dialog.getByLabel('New owner', { exact: true }).fill('member1');
    await dialog.getByRole('button', { name: /member1@example\.org/ }).click();
    await dialog.getByLabel(/Note/).fill('Sold at the spring show');
    await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
    await toast(admin, 'Ownership transferred').waitFor();

    await row.getByRole('button', { name: /^View/ }).click();
    const view = admin.getByRole('dialog', { name: `${approvedHorse} II` });
    const history = view.getByRole('list', { name: 'History' });
    await history.getByText('Ownership transferred').waitFor();
    expect(await history.textContent()).toContain('Sold at the spring show');
    expect(await history.textContent()).toContain('Approved');
    await shot(admin, 'horse-view-desktop');
    await view.getByRole('button', { name: 'Close' }).last().click();

    await member.goto('/horse-list');
    await rowOf(member, rejectedHorse).waitFor();
    expect(await rowOf(member, `${approvedHorse} II`).count()).toBe(0);
  });

  it('the administrator edits a horse and registers one on a member’s behalf', async () => {
    const row = rowOf(admin, registrationNumber);
    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Horse' });
    await edit.getByLabel('Bred By', { exact: true }).fill('Office Correction Farm');
    // The transfer named the new owner from their profile, which has no address yet: the
    // office completes it (docs/decisions/0049-transfers-replace-the-owners-of-record.md).
    const owners = edit.getByRole('region', { name: 'Owners', exact: true });
    await owners.getByLabel('Address', { exact: true }).fill('4 Office Lane');
    await owners.getByLabel('Zip', { exact: true }).fill('40502');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'hidden', timeout: 30_000 });
    await toast(admin, 'Horse updated').waitFor();

    const files = await makeRegistrationFiles(admin);
    const onBehalf = `Office Entry ${run}`;
    await admin.getByRole('button', { name: 'Register horse for a member' }).click();
    const chooser = admin.getByRole('dialog', { name: 'Register a horse for a member' });
    await chooser.getByLabel('Owner').fill('member1');
    await chooser.getByRole('button', { name: /member1@example\.org/ }).click();
    await chooser.getByRole('button', { name: 'Continue' }).click();
    const form = admin.getByRole('dialog', { name: 'Register Horse' });
    await form.waitFor();
    expect(await form.getByRole('region', { name: 'Fees, Billing and Payment' }).count()).toBe(0);
    await fillHorse(admin, form, files, onBehalf);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 30_000 });
    await toast(admin, 'Horse registered').waitFor();
    await admin.getByLabel('Name, registration number, sire or dam').fill(onBehalf);
    const created = rowOf(admin, onBehalf);
    await created.waitFor();
    expect(await created.textContent()).toContain('Avery Walker');
  });

  it('deactivating a member ends their open session', async () => {
    await member.goto('/dashboard');
    await member.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await openAdminPage(admin, 'Members List', '/admin/members-list');
    await admin.getByLabel('Name, email, member number or city').fill(newMember.email);
    const row = rowOf(admin, newMember.email);
    await row.getByRole('button', { name: /^Deactivate/ }).click();
    const confirm = admin.getByRole('dialog', { name: 'Deactivate member' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await toast(admin, 'Member deactivated').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();

    await member.getByTestId('app-sidebar').getByRole('link', { name: 'My Horses' }).click();
    await member.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(member)).toBe('/login');
  });

  it('every new screen fits a phone', async () => {
    const phone = await browser.newPage(PHONE);
    await signIn(phone, 'admin', E2E_ADMIN);
    await phone.getByRole('figure', { name: 'Registrations per month (last 12 months)' }).waitFor();
    await shot(phone, 'dashboard-phone');
    for (const [path, name] of [
      ['/admin/members-list', 'members'],
      ['/admin/horse-list', 'horse-list'],
      ['/admin/horse-reject-approve', 'approvals'],
      ['/admin/add-content', 'content'],
    ] as const) {
      await phone.goto(path);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.waitForLoadState('networkidle');
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await shot(phone, `${name}-phone`);
    }
    await admin.goto('/admin/add-content');
    const editor = admin.getByLabel('Markdown');
    await editor.fill('# Spring show\n\nEntries close **May 1**.<script>window.hacked=1</script>');
    await admin
      .getByTestId('content-preview')
      .getByRole('heading', { name: 'Spring show' })
      .waitFor();
    expect(await admin.getByTestId('content-preview').innerHTML()).not.toContain('script');
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Dashboard content saved').waitFor();
    await shot(admin, 'content-desktop');

    const reader = await browser.newPage(PHONE);
    await signIn(reader, 'member', E2E_MEMBER);
    await reader.getByRole('heading', { name: 'Spring show' }).waitFor();
    expect(await reader.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await shot(reader, 'member-dashboard-phone');
  });
});
