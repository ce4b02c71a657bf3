import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { E2E_MEMBER } from './support/accounts.js';
import { PHONE, useBrowser } from './support/browser.js';
import { makeRegistrationFiles } from './support/files.js';
import { drawSignature, fillHorse } from './support/registration-form.js';
import { payWithTestCard } from './support/card-payment.js';
import { signIn } from './support/session.js';

const browser = useBrowser();
const name = `Draft Crossing ${Date.now().toString(36)}`;

const section = (dialog: Locator, title: string) =>
  dialog.getByRole('region', { name: title, exact: true });

async function openMyHorses(page: Page) {
  await page.goto('/horse-list');
  await page.getByRole('heading', { level: 1, name: 'My Horses' }).waitFor();
}

describe('Register Horse drafts (issue 14 item 5)', () => {
  it('a registration started on a phone is continued and finished in another browser', async () => {
    // Browser context 1: a phone at the barn. The member types a little, then leaves.
    const phone = await browser.newPage(PHONE);
    await signIn(phone, 'member', E2E_MEMBER);
    await openMyHorses(phone);
    await phone.getByRole('button', { name: 'Register Horse' }).first().click();
    let dialog = phone.getByRole('dialog', { name: 'Register Horse' });
    await dialog.waitFor();
    // An earlier test's draft may be offered: this one starts fresh.
    const fresh = dialog.getByRole('button', { name: 'Start fresh' });
    if (await fresh.isVisible()) await fresh.click();
    const names = section(dialog, 'Horse Name Choices');
    await names.getByLabel('First Choice', { exact: true }).fill(name);
    await section(dialog, 'Breeding Information')
      .getByLabel('Breed', { exact: true })
      .fill('Racking Horse');
    await section(dialog, 'Signature').getByRole('button', { name: 'Sign' }).click();
    await drawSignature(phone, 'Owner Signature');
    await expect
      .poll(() => dialog.getByTestId('draft-status').textContent(), { timeout: 15_000 })
      .toMatch(/^Draft saved/);

    // Closing with changes asks first and says the work is kept.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const ask = phone.getByRole('dialog', { name: 'Close the form?' });
    await expect.poll(() => ask.textContent()).toContain('saved as a draft');
    await ask.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await phone.screenshot({ path: '/tmp/drafts-phone-my-horses.png', fullPage: true });

    // Browser context 2: the same member at a desk, a fresh context (no shared storage).
    const desk = await browser.newPage();
    const files = await makeRegistrationFiles(desk);
    await signIn(desk, 'member', E2E_MEMBER);
    await openMyHorses(desk);
    const drafts = desk.getByRole('list', { name: 'Unfinished registrations' });
    const row = drafts.getByRole('listitem').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('Last saved');
    await desk.screenshot({ path: '/tmp/drafts-desk-my-horses.png', fullPage: true });

    // Register Horse offers the latest draft; Continue brings back what was typed.
    await desk.getByRole('button', { name: 'Register Horse' }).first().click();
    dialog = desk.getByRole('dialog', { name: 'Register Horse' });
    await dialog.getByRole('region', { name: 'Saved draft' }).waitFor();
    await desk.screenshot({ path: '/tmp/drafts-desk-offer.png' });
    await dialog.getByRole('button', { name: 'Continue draft' }).click();
    await expect
      .poll(() =>
        section(dialog, 'Horse Name Choices')
          .getByLabel('First Choice', { exact: true })
          .inputValue(),
      )
      .toBe(name);
    expect(
      await section(dialog, 'Breeding Information')
        .getByLabel('Breed', { exact: true })
        .inputValue(),
    ).toBe('Racking Horse');

    // Finish it: the rest of the form and the card payment, as in the registration journey.
    // Owner 1 keeps what the member's profile filled in.
    const owners = section(dialog, 'Owners');
    const memberNumber = await owners.getByLabel('Member Number', { exact: true }).inputValue();
    await fillHorse(desk, dialog, files, name, {
      stateFoaledIn: 'Tennessee',
      foalDate: '2020-04-02',
      breedingDate: '2021-05-01',
      sex: 'Mare',
      owner: {
        memberNumber,
        // The name on that membership (docs/api.md "Owners and member numbers").
        name: 'Avery Walker',
        address: '8 Stable Row',
        city: 'Franklin',
        state: 'Tennessee',
        zip: '37064',
      },
    });
    await payWithTestCard(desk, dialog, {
      address: '8 Stable Row\nFranklin, TN 37064',
      phone: '(615) 555-0142',
      email: E2E_MEMBER.email,
      holder: 'Draft Owner',
    });
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await desk.getByText('Horse Register successfully').first().waitFor();

    // The registration took its draft with it.
    await openMyHorses(desk);
    await expect.poll(() => desk.getByText(name).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await drafts.filter({ hasText: name }).count()).toBe(0);
    await desk.screenshot({ path: '/tmp/drafts-desk-after.png', fullPage: true });
    expect(desk.consoleErrors.filter((e) => !e.includes('favicon'))).toEqual([]);
  }, 240_000);
});
