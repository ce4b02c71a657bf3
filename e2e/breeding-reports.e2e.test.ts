import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, E2E_MEMBER, E2E_MEMBER_2 } from './support/accounts.js';
import { axeViolations } from './support/axe.js';
import { DESKTOP, PHONE, useBrowser } from './support/browser.js';
import { payWithTestCard } from './support/card-payment.js';
import { makeRegistrationFiles } from './support/files.js';
import { fillHorse } from './support/registration-form.js';
import { registerApprovedHorse, token } from './support/approved-horse.js';
import { api, signIn } from './support/session.js';

/**
 * Foals from breedings in Chromium (issue 31 items 2-3): the stallion's owner files the season's
 * breeding report naming a registered mare from My Horses; the mare's owner registers the foal
 * and chooses that breeding under "Breedings that fit"; the office sees the foal's sire and dam
 * linked, and the report in its list. Stallion and mare are registered and approved through the
 * API first, under names of their own.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;
const stallionName = `Report Stallion ${run}`;
const mareName = `Report Mare ${run}`;
const foalName = `Report Foal ${run}`;
// Last season: bred in mid January, the foal 335 days later (still last year, so already born).
const season = new Date().getUTCFullYear() - 1;
const bred = `${season}-01-15`;
const foalDate = new Date(Date.parse(`${bred}T00:00:00Z`) + 335 * 86_400_000)
  .toISOString()
  .slice(0, 10);

let admin = '';
const horses = { stallion: { id: '', number: '' }, mare: { id: '', number: '' } };

/** A horse of `account`, registered and approved through the API under `name`. */
const approvedHorse = (account: typeof E2E_MEMBER, name: string, sex: 'Stallion' | 'Mare') =>
  registerApprovedHorse(
    browser.baseURL,
    account,
    { first: name, second: `${name} Two`, third: `${name} Three` },
    { sex },
  );

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-kind]').filter({ hasText: text }).first();

describe('breeding report to foal registration', () => {
  beforeAll(async () => {
    admin = await token(browser.baseURL, '/auth/admin-login', E2E_ADMIN);
    // Last season's reports stay open all year, whatever day the journey runs on.
    const deadline = await api(browser.baseURL, 'PUT', '/admin/settings/breeding-reports', {
      token: admin,
      body: { deadlineMonth: 12, deadlineDay: 31, deadlineYearOffset: 1 },
    });
    expect(deadline.status).toBe(200);
    horses.stallion = await approvedHorse(E2E_MEMBER, stallionName, 'Stallion');
    horses.mare = await approvedHorse(E2E_MEMBER_2, mareName, 'Mare');
  });

  it("the stallion's owner files the season's report from My Horses on a phone", async () => {
    const owner = await browser.newPage(PHONE);
    await signIn(owner, 'member', E2E_MEMBER);
    await owner.goto('/horse-list');
    await owner.getByLabel('Search', { exact: true }).fill(stallionName);
    await owner.getByRole('button', { name: `Breeding reports ${stallionName}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Breeding reports of ${stallionName}` });
    await dialog.getByRole('button', { name: `File ${season} report` }).click();
    const form = owner.getByRole('dialog', {
      name: new RegExp(`File the ${season} breeding report`),
    });
    await form.getByLabel("Mare's registration number").fill(horses.mare.number);
    await form.getByLabel('Method').selectOption('live-cover');
    await form.getByLabel('Breeding date 1 of mare 1').fill(bred);
    expect(await axeViolations(owner, '[role="dialog"]')).toEqual([]);
    await form.getByRole('button', { name: 'File report' }).click();
    await toast(owner, 'Breeding report filed').waitFor();
    const filed = owner.getByRole('dialog', { name: `Breeding reports of ${stallionName}` });
    await filed.getByText(mareName).waitFor();
    await owner.screenshot({ path: '/tmp/breeding-report-phone.png', fullPage: true });
    expect(owner.consoleErrors).toEqual([]);
  }, 120_000);

  it('the mare owner registers the foal from that breeding; the office sees sire and dam linked', async () => {
    const member = await browser.newPage(DESKTOP);
    await signIn(member, 'member', E2E_MEMBER_2);
    const me = await api(
      browser.baseURL,
      'GET',
      `/admin/members?q=${encodeURIComponent(E2E_MEMBER_2.email)}`,
      {
        token: admin,
      },
    );
    const profile = (me.body.data as { items: Array<Record<string, string>> }).items[0]!;
    const files = await makeRegistrationFiles(member);
    await member.goto('/register-horse');
    const form = member.getByRole('dialog', { name: 'Register Horse' });
    await form.waitFor();
    await fillHorse(member, form, files, foalName, {
      stateFoaledIn: 'Kentucky',
      foalDate,
      breedingDate: foalDate,
      sex: 'Gelding',
      owner: {
        memberNumber: profile.memberNumber ?? '',
        name: profile.name ?? '',
        address: profile.address || '2 Barn Road',
        city: profile.city || 'Lexington',
        state: profile.state || 'Kentucky',
        zip: profile.zip || '40502',
      },
    });
    const pedigree = form.getByRole('region', { name: 'Pedigree', exact: true });
    await pedigree
      .getByRole('group', { name: 'Sire', exact: true })
      .getByLabel('Registration Number')
      .fill(horses.stallion.number);
    await pedigree.getByRole('tab', { name: 'Dam' }).click();
    await pedigree
      .getByRole('group', { name: 'Dam', exact: true })
      .getByLabel('Registration Number')
      .fill(horses.mare.number);
    const fits = pedigree.getByRole('region', { name: 'Breedings that fit' });
    const choice = fits.getByRole('radio', { name: new RegExp(`${stallionName} × ${mareName}`) });
    await choice.check();
    expect(await axeViolations(member, '[aria-labelledby="breedings-fit-title"]')).toEqual([]);
    // Choosing fills the names from the register.
    await pedigree.getByRole('tab', { name: 'Sire' }).click();
    expect(
      await pedigree
        .getByRole('group', { name: 'Sire', exact: true })
        .getByLabel('Name', { exact: true })
        .inputValue(),
    ).toBe(stallionName);
    await payWithTestCard(member, form, {
      address: '2 Barn Road\nLexington, KY 40502',
      phone: '(859) 555-0101',
      email: E2E_MEMBER_2.email,
      holder: profile.name ?? 'Member Two',
    });
    await form.waitFor({ state: 'hidden', timeout: 30_000 }).catch(async (error: unknown) => {
      await member.screenshot({ path: '/tmp/breeding-foal-failed.png', fullPage: true });
      const invalid = await form.locator('.invalid-feedback, [role=alert]').allTextContents();
      throw new Error(`${String(error)}\n${invalid.join('\n')}`);
    });

    const office = await browser.newPage(DESKTOP);
    await signIn(office, 'admin', E2E_ADMIN);
    await office.goto('/admin/horse-reject-approve');
    await office.getByLabel('Name choice or sire/dam').fill(foalName);
    const row = office.getByRole('row').filter({ hasText: foalName });
    await row.first().waitFor({ timeout: 30_000 });
    // Linked, so not flagged.
    expect(await row.first().getByText('No breeding report').count()).toBe(0);
    await row
      .first()
      .getByRole('button', { name: /^Review/ })
      .click();
    const review = office.getByRole('dialog', { name: /^Review/ });
    const note = review.getByRole('note', { name: 'Breeding report' });
    await note.getByText('From a reported breeding').waitFor();
    await note.getByText(/Sire and dam are linked to their registered records/).waitFor();
    expect(await axeViolations(office, '[role="dialog"]')).toEqual([]);
    expect(await note.textContent()).toContain(horses.mare.number);
    await office.screenshot({ path: '/tmp/breeding-review.png' });

    // The links are the register's, not only words on the screen.
    const found = await api(
      browser.baseURL,
      'GET',
      `/admin/horses?q=${encodeURIComponent(foalName)}`,
      {
        token: admin,
      },
    );
    const foalId = (found.body.data as { items: Array<{ _id: string }> }).items[0]!._id;
    const breeding = await api(browser.baseURL, 'GET', `/admin/horses/${foalId}/breeding`, {
      token: admin,
    });
    expect(breeding.body.data).toMatchObject({
      noBreedingReport: false,
      linked: { stallion: { horseId: horses.stallion.id }, mare: { horseId: horses.mare.id } },
    });

    // The report is in the office's list, by season and stallion.
    await review.getByRole('button', { name: 'Close' }).first().click();
    const section = office.getByRole('region', { name: 'Stallion breeding reports' });
    await section.getByLabel('Season').selectOption(String(season));
    await section.getByLabel('Stallion name or number').fill(horses.stallion.number);
    await section.getByText(stallionName).first().waitFor();
    expect(office.consoleErrors).toEqual([]);
  }, 240_000);
});
