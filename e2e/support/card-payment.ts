import type { Locator, Page } from 'playwright-core';
import { drawSignature } from './registration-form.js';

/** Who pays, as item 17 of the registration form asks for it. */
export interface Billing {
  address: string;
  phone: string;
  email: string;
  holder: string;
}

/**
 * Item 17 of the registration form in `form`: the billing details, the account holder's
 * signature and the sandbox's test card that succeeds; then Save, and Proceed on the Payment
 * Details dialog. The caller waits for the outcome it expects.
 */
export async function payWithTestCard(page: Page, form: Locator, billing: Billing): Promise<void> {
  const fees = form.getByRole('region', { name: 'Fees, Billing and Payment', exact: true });
  await fees.getByLabel('Billing Address').fill(billing.address);
  await fees.getByLabel('Phone Number').fill(billing.phone);
  await fees.getByLabel('Email', { exact: true }).fill(billing.email);
  await fees.getByLabel('Account Holder Name').fill(billing.holder);
  await fees.getByRole('button', { name: "Account Holder's Signature" }).click();
  await drawSignature(page, "Account Holder's Signature");
  await fees.getByRole('radio', { name: 'Credit Card', exact: true }).check();
  await fees.getByLabel('Card Type').selectOption('VISA');
  await fees.getByLabel('Card Number').pressSequentially('4242424242424242');
  await fees.getByLabel('Expiration Date').pressSequentially('1240');
  await fees.getByLabel('CVV').pressSequentially('123');
  await fees.getByRole('checkbox', { name: /I authorize the association/ }).check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Payment Details' })
    .getByRole('button', { name: 'Proceed' })
    .click();
}
