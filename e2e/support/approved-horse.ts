import { expect } from 'vitest';
import { UPLOAD_FIELDS } from '@registry/domain';
import { demoPdf, demoPng } from '../../apps/api/src/modules/horses/demo-files.js';
import { validValues } from '../../apps/api/src/test/registration-values.js';
import { E2E_ADMIN } from './accounts.js';
import { api } from './session.js';

/** A session token for `account` through the sign-in route at `path` (member or office). */
export async function token(
  baseURL: string,
  path: '/auth/login' | '/auth/admin-login',
  account: { email: string; password: string },
): Promise<string> {
  const answer = await api(baseURL, 'POST', path, { body: account });
  return (answer.body.data as { token: string }).token;
}

/**
 * Registers a horse as `member` (multipart, the registration PDF and four marking photos, as the
 * form sends them) and approves it as the office under its first choice, unpaid allowed; the
 * journeys that start from an approved horse (transfers, breeding reports) begin here.
 */
export async function registerApprovedHorse(
  baseURL: string,
  member: { email: string; password: string },
  names: { first: string; second: string; third: string },
  values: Record<string, string> = {},
): Promise<{ id: string; number: string }> {
  const memberToken = await token(baseURL, '/auth/login', member);
  const form = new FormData();
  const fields = {
    ...validValues(),
    ...values,
    firstChoice: names.first,
    secondChoice: names.second,
    thirdChoice: names.third,
  };
  for (const [part, value] of Object.entries(fields)) form.append(part, value);
  form.append(
    UPLOAD_FIELDS.registrationDocument,
    new Blob([new Uint8Array(demoPdf(`${names.first} papers`))], { type: 'application/pdf' }),
    'papers.pdf',
  );
  for (const side of ['left', 'right', 'face', 'legs']) {
    form.append(
      UPLOAD_FIELDS.markingDocuments,
      new Blob([new Uint8Array(demoPng(32, 24, [90, 60, 30]))], { type: 'image/png' }),
      `${side}.png`,
    );
  }
  const saved = await fetch(`${baseURL}/api/members/horses/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${memberToken}` },
    body: form,
  });
  expect(saved.status).toBe(201);
  const id = ((await saved.json()) as { data: { _id: string } }).data._id;
  const admin = await token(baseURL, '/auth/admin-login', E2E_ADMIN);
  const read = await api(baseURL, 'GET', `/admin/horses/${id}`, { token: admin });
  const version = (read.body.data as { version: number }).version;
  const approved = await api(baseURL, 'PUT', `/admin/approve-horse/${id}`, {
    token: admin,
    body: { action: 'approve', overrideUnpaid: true, version, approvedName: names.first },
  });
  expect(approved.status).toBe(200);
  return { id, number: (approved.body.data as { registrationNum: string }).registrationNum };
}
