import { expect } from 'vitest';
import { E2E_ADMIN } from './accounts.js';
import { waitForMail } from './mailbox.js';
import { api } from './session.js';

/**
 * A new office administrator of this file's own, invited by the e2e administrator and given a
 * password through the mailed link (the API's own steps): a test that changes an account's
 * email or password changes this one, and the shared account the other files sign in with is
 * never touched (putting its email back meant waiting out the one-code-a-minute limit).
 */
export async function newOfficeAdministrator(
  baseURL: string,
  name: string,
): Promise<{ email: string; password: string }> {
  const run = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  const account = {
    email: `${name.toLowerCase()}.${run}@office.e2e.test`,
    password: `${name} keeps the office ${run}`,
  };
  const signedIn = await api(baseURL, 'POST', '/auth/admin-login', { body: E2E_ADMIN });
  const token = (signedIn.body.data as { token: string }).token;
  const since = Date.now();
  const invited = await api(baseURL, 'POST', '/admin/staff', {
    token,
    body: {
      email: account.email,
      firstName: name,
      lastName: `Office ${run}`,
      staffRole: 'administrator',
    },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300);
  const mail = await waitForMail(account.email, /your office account/, { since });
  const linkToken = /set-password#token=([\w%-]+)/.exec(mail.text)?.[1];
  expect(linkToken, mail.text).toBeTruthy();
  const set = await api(baseURL, 'POST', '/auth/set-password', {
    body: { token: decodeURIComponent(linkToken!), password: account.password },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return account;
}
