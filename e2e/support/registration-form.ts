import type { Locator, Page } from 'playwright-core';
import type { RegistrationFiles } from './files.js';

/** Draws a stroke on the signature pad of the named dialog and saves it. */
export async function drawSignature(page: Page, dialogName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const box = await dialog.getByRole('img', { name: 'Signature pad' }).boundingBox();
  if (!box) throw new Error('signature pad is not visible');
  await page.mouse.move(box.x + 40, box.y + 110);
  await page.mouse.down();
  for (const [dx, dy] of [
    [110, 50],
    [190, 150],
    [280, 60],
    [340, 130],
  ] as const) {
    await page.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
  }
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export interface HorseDetails {
  stateFoaledIn: string;
  foalDate: string;
  breedingDate: string;
  sex: string;
  owner: {
    memberNumber: string;
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
  };
}

/** The required parts of items 1-16 of §2.6: the registration without its payment section. */
export async function fillHorse(
  page: Page,
  dialog: Locator,
  files: RegistrationFiles,
  name: string,
  details: HorseDetails,
): Promise<void> {
  const section = (title: string) => dialog.getByRole('region', { name: title, exact: true });
  await section('Performance Verification')
    .getByRole('radio', { name: 'Yes', exact: true })
    .check();
  await section('Registration Document')
    .getByLabel('Horse Registration Document', { exact: true })
    .setInputFiles(files.pdf);
  const breeding = section('Breeding Information');
  await breeding.getByLabel('State Foaled In', { exact: true }).selectOption(details.stateFoaledIn);
  await breeding.getByLabel('Breed', { exact: true }).fill('Racking Horse');
  await breeding.getByLabel('Foal Date', { exact: true }).fill(details.foalDate);
  await breeding.getByLabel('Breeding Date', { exact: true }).fill(details.breedingDate);
  await section('Sex').getByRole('radio', { name: details.sex, exact: true }).check();
  const names = section('Horse Name Choices');
  await names.getByLabel('First Choice', { exact: true }).fill(name);
  await names.getByLabel('Second Choice', { exact: true }).fill(`${name} II`);
  await names.getByLabel('Third Choice', { exact: true }).fill(`${name} III`);
  await section('DNA')
    .getByRole('group', { name: 'Has this horse been DNA tested before?' })
    .getByRole('radio', { name: 'No', exact: true })
    .check();
  const markings = section('Markings');
  await markings.getByLabel('Color', { exact: true }).selectOption('Bay');
  await markings.getByLabel('Pattern', { exact: true }).selectOption('None');
  await markings.getByLabel('Horse Marking Documents', { exact: true }).setInputFiles(files.jpgs);
  const owners = section('Owners');
  const owner = details.owner;
  await owners.getByLabel('Member Number', { exact: true }).fill(owner.memberNumber);
  await owners.getByLabel('Name', { exact: true }).fill(owner.name);
  await owners.getByLabel('Address', { exact: true }).fill(owner.address);
  await owners.getByLabel('City', { exact: true }).fill(owner.city);
  await owners.getByLabel('State', { exact: true }).selectOption(owner.state);
  await owners.getByLabel('Zip', { exact: true }).fill(owner.zip);
  await section('Certification').getByRole('checkbox').check();
  await section('Signature').getByRole('button', { name: 'Sign' }).click();
  await drawSignature(page, 'Owner Signature');
}
