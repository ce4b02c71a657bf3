import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, E2E_MEMBER } from './support/accounts.js';
import { DESKTOP, PHONE, useBrowser } from './support/browser.js';
import { makeRegistrationFiles } from './support/files.js';
import { payWithTestCard } from './support/card-payment.js';
import { fillHorse } from './support/registration-form.js';
import { api, signIn, storedSession } from './support/session.js';

/** Issue 21 item 7: a sire from the register links and fills in; the chart fits a phone. */
const browser = useBrowser();
const run = Date.now() % 1_000_000;
const foal = `Linked Foal ${run}`;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/pedigree-${name}.png`, fullPage: true });

async function approvedNumber(token: string): Promise<{ number: string; name: string }> {
  const answer = await api(browser.baseURL, 'GET', '/admin/horses?approvalStatus=approved', {
    token,
  });
  const items = (answer.body.data as { items: Array<Record<string, string>> }).items;
  const horse = items.find((item) => item.registrationNum);
  if (!horse) throw new Error('no approved demo horse');
  return { number: horse.registrationNum!, name: horse.approvedName ?? '' };
}

describe('linked pedigrees', () => {
  it('a registered sire fills its line in; the reviewer sees the unknown dam number; the chart fits 390 px', async () => {
    const admin = await browser.newPage(DESKTOP);
    await signIn(admin, 'admin', E2E_ADMIN);
    const token = (await storedSession(admin)).accessToken ?? '';
    const sire = await approvedNumber(token);

    const member = await browser.newPage(DESKTOP);
    await signIn(member, 'member', E2E_MEMBER);
    const files = await makeRegistrationFiles(member);
    await member.goto('/register-horse');
    const form = member.getByRole('dialog', { name: 'Register Horse' });
    await form.waitFor();
    await fillHorse(member, form, files, foal, {
      stateFoaledIn: 'Kentucky',
      foalDate: '2021-03-10',
      breedingDate: '2021-05-01',
      sex: 'Mare',
      owner: {
        memberNumber: 'M-0001',
        name: 'Avery Walker',
        address: '1 Barn Road',
        city: 'Lexington',
        state: 'Kentucky',
        zip: '40502',
      },
    });
    const pedigree = form.getByRole('region', { name: 'Pedigree', exact: true });
    const sireGroup = pedigree.getByRole('group', { name: 'Sire', exact: true });
    await sireGroup.getByLabel('Registration Number').fill(sire.number.toLowerCase());
    await sireGroup
      .getByText(`Linked to ${sire.name || 'the registered horse'} (${sire.number})`, {
        exact: false,
      })
      .waitFor();
    expect(await sireGroup.getByLabel('Name', { exact: true }).inputValue()).toBe(sire.name);
    await pedigree.getByRole('tab', { name: 'Dam' }).click();
    const damGroup = pedigree.getByRole('group', { name: 'Dam', exact: true });
    await damGroup.getByLabel('Name', { exact: true }).fill('Unknown Mare');
    await damGroup.getByLabel('Registration Number').fill('ZZZ-404');
    await damGroup.getByText('Not in the register', { exact: false }).waitFor();
    await payWithTestCard(member, form, {
      address: '1 Barn Road\nLexington, KY 40502',
      phone: '(859) 555-0100',
      email: E2E_MEMBER.email,
      holder: 'Avery Walker',
    });
    await form.waitFor({ state: 'hidden', timeout: 30_000 }).catch(async (error: unknown) => {
      await shot(member, 'save-failed');
      const invalid = await form.locator('.invalid-feedback, [role=alert]').allTextContents();
      throw new Error(`${String(error)}\n${invalid.join('\n')}`);
    });

    const phone = await browser.newPage(PHONE);
    await signIn(phone, 'admin', E2E_ADMIN);
    await phone.goto('/admin/horse-reject-approve');
    // Earlier journeys leave pending horses in the shared database and the queue is paged,
    // oldest first: find this one by its name.
    await phone.getByLabel('Name choice or sire/dam').fill(foal);
    // The queue is a table or, on a narrow screen, a list: wait for the horse before choosing.
    await phone.getByText(foal).first().waitFor({ timeout: 30_000 });
    const row = phone.getByRole('row').filter({ hasText: foal });
    const card =
      (await row.count()) > 0 ? row : phone.getByRole('listitem').filter({ hasText: foal });
    await card
      .first()
      .getByRole('button', { name: /^Review/ })
      .click();
    const review = phone.getByRole('dialog', { name: /^Review/ });
    const check = review.getByRole('note', { name: 'Pedigree check' });
    await check.getByText('Dam: ZZZ-404').waitFor();
    const chart = review.getByRole('list', { name: /^Pedigree of/ });
    const link = chart.getByRole('link', { name: new RegExp(sire.number) });
    expect(await link.getAttribute('href')).toBe(`/verify/${sire.number}`);
    // Nothing wider than the phone: the chart is one column inside the dialog.
    const widths = await chart.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await chart.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: '/tmp/pedigree-review-phone.png' });
    await shot(phone, 'review-phone-full');
    expect(phone.consoleErrors).toEqual([]);
  }, 180_000);
});
