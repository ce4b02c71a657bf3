import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_MEMBER_2 } from './support/accounts.js';
import { useBrowser } from './support/browser.js';
import { makeRegistrationFiles } from './support/files.js';
import { payWithTestCard } from './support/card-payment.js';
import { drawSignature } from './support/registration-form.js';
import { signIn } from './support/session.js';

const browser = useBrowser();

async function openMyHorses(page: Page): Promise<void> {
  await page.getByTestId('app-sidebar').getByRole('link', { name: 'My Horses' }).click();
  await page.waitForURL((url) => url.pathname === '/horse-list');
}

describe('horse registration', () => {
  it('a member fills the whole form with real files, saves, then finds, views and edits the horse', async () => {
    const page = await browser.newPage();
    const files = await makeRegistrationFiles(page);
    await signIn(page, 'member', E2E_MEMBER_2);
    await openMyHorses(page);
    await page.getByRole('button', { name: 'Register Horse' }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Register Horse' });
    await dialog.waitFor();
    const section = (name: string) => dialog.getByRole('region', { name, exact: true });
    const name = `Midnight Dancer ${Date.now() % 100000}`;

    await section('Registration Type').getByRole('radio', { name: 'Proven', exact: true }).check();
    await section('Gait Designation')
      .getByRole('radio', { name: 'Singlefoot/Racking', exact: true })
      .check();
    await section('Performance Verification')
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await section('Performance Video')
      .getByLabel('Performance Video Link', { exact: true })
      .fill('https://example.org/ride');
    await section('Performance Video')
      .getByLabel('Performance Video Upload', { exact: true })
      .setInputFiles(files.mp4);
    await section('Registration Document')
      .getByLabel('Horse Registration Document', { exact: true })
      .setInputFiles(files.pdf);

    const breeding = section('Breeding Information');
    await breeding.getByLabel('State Foaled In', { exact: true }).selectOption('Kentucky');
    await breeding.getByLabel('Breed', { exact: true }).fill('Racking Horse');
    await breeding.getByLabel('Foal Date', { exact: true }).fill('2020-04-01');
    await breeding.getByLabel('Breeding Date', { exact: true }).fill('2020-06-01');
    await breeding.getByLabel('Bred By', { exact: true }).fill('Hillside Farm');
    await section('Sex').getByRole('radio', { name: 'Mare', exact: true }).check();

    const names = section('Horse Name Choices');
    await names.getByLabel('First Choice', { exact: true }).fill(name);
    await names.getByLabel('Second Choice', { exact: true }).fill(`${name} II`);
    await names.getByLabel('Third Choice', { exact: true }).fill(`${name} III`);

    const dna = section('DNA');
    await dna
      .getByRole('group', { name: 'Has this horse been DNA tested before?' })
      .getByRole('radio', { name: 'Yes', exact: true })
      .check();
    await dna.getByLabel('DNA Test Date', { exact: true }).fill('2023-01-15');
    await dna.getByLabel('DNA Case', { exact: true }).fill('CASE-2291');
    await dna
      .getByRole('group', { name: /within 30 days/ })
      .getByRole('radio', { name: 'No', exact: true })
      .check();

    await section('Pedigree')
      .getByRole('tabpanel')
      .getByLabel('Name', { exact: true })
      .first()
      .fill('Gold Rush');

    const markings = section('Markings');
    await markings.getByLabel('Color', { exact: true }).selectOption('Bay');
    await markings.getByLabel('Pattern', { exact: true }).selectOption('None');
    await markings.getByLabel('Horse Marking Documents', { exact: true }).setInputFiles(files.jpgs);

    const owners = section('Owners');
    await owners.getByRole('radio', { name: 'Single', exact: true }).check();
    await owners.getByLabel('Member Number', { exact: true }).fill('M-0002');
    await owners.getByLabel('Name', { exact: true }).fill('Jordan Reed');
    await owners.getByLabel('Address', { exact: true }).fill('12 Barn Road');
    await owners.getByLabel('City', { exact: true }).fill('Shelbyville');
    await owners.getByLabel('State', { exact: true }).selectOption('Tennessee');
    await owners.getByLabel('Zip', { exact: true }).fill('37160');

    await section('Certification').getByRole('checkbox').check();

    await section('Signature').getByRole('button', { name: 'Sign' }).click();
    await drawSignature(page, 'Owner Signature');
    await section('Signature')
      .getByRole('img', { name: /signed/ })
      .waitFor();

    // Item 17 (payments): the sandbox's test card that succeeds.
    await payWithTestCard(page, dialog, {
      address: '12 Barn Road',
      phone: '(931) 555-0100',
      email: 'jordan@example.org',
      holder: 'Jordan Reed',
    });
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await page.getByText('Horse Register successfully').waitFor();

    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/pending/i);

    await row.getByRole('button', { name: /^View/ }).click();
    const view = page.getByRole('dialog', { name: 'View Horse' });
    await view.waitFor();
    const breed = view.getByLabel('Breed', { exact: true });
    expect(await breed.inputValue()).toBe('Racking Horse');
    expect(await breed.isDisabled()).toBe(true);
    await expect(view.getByRole('button', { name: 'Save', exact: true }).count()).resolves.toBe(0);
    await view.getByRole('button', { name: 'Close' }).last().click();
    await view.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Horse' });
    await edit.waitFor();
    expect(await edit.getByLabel('Foal Date', { exact: true }).inputValue()).toBe('2020-04-01');
    await expect(edit.getByLabel('First Choice', { exact: true }).count()).resolves.toBe(0);
    await edit.getByLabel('Bred By', { exact: true }).fill('Hilltop Stables');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'hidden', timeout: 30_000 });
    await page.getByText('Horse updated').waitFor();

    await row.getByRole('button', { name: /^View/ }).click();
    await page.getByRole('dialog', { name: 'View Horse' }).waitFor();
    expect(
      await page
        .getByRole('dialog', { name: 'View Horse' })
        .getByLabel('Bred By', { exact: true })
        .inputValue(),
    ).toBe('Hilltop Stables');
  });

  it('shows the spec’s messages and the error count per section when an empty form is saved', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', E2E_MEMBER_2);
    await page.goto('/register-horse');
    const dialog = page.getByRole('dialog', { name: 'Register Horse' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    for (const message of [
      'Horse Registration Document is required',
      'DNA is required field',
      'Horse Marking Document is required',
      'You must agree to the terms and conditions',
      'Owner Signature is required',
    ]) {
      await dialog.getByText(message, { exact: true }).first().waitFor();
    }
    await dialog
      .getByRole('region', { name: 'Owners' })
      .getByText(/\d+ errors?/)
      .waitFor();
  });

  it('a member deletes a registration after confirming', async () => {
    const page = await browser.newPage();
    await signIn(page, 'member', E2E_MEMBER_2);
    await openMyHorses(page);
    const deletable = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Delete/ }) });
    await deletable.first().waitFor();
    const before = await deletable.count();
    const label =
      (await deletable
        .first()
        .getByRole('button', { name: /^Delete/ })
        .textContent()) ?? '';
    await deletable
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete horse' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => deletable.count()).toBe(before - 1);
    const horseName = label.replace(/^Delete\s*/, '').trim();
    await expect(page.getByRole('row').filter({ hasText: horseName }).count()).resolves.toBe(0);
  });
});
