import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from '@pdfme/pdf-lib';
import { ADMIN_MESSAGES } from '@registry/domain';
import { bearer, type TestApp } from '../../test/harness.js';
import { cloneHorses, registerThroughApi } from '../../test/admin-fixtures.js';
import { EVERY_ACCOUNT, createSignedInApp } from '../../test/signed-in-app.js';
import { asReviewed } from '../../test/reviewed.js';

let t: TestApp;
let admin: string;
let memberA: string;
let memberB: string;
let approvedId: string;
let number: string;
let pendingId: string;
beforeAll(async () => {
  ({ t, admin, memberA, memberB } = await createSignedInApp(EVERY_ACCOUNT, {
    publicUrl: 'https://registry.example',
  }));
  const row = await registerThroughApi(t.app, t.database.db, memberA, {
    performanceVerification: 'Yes',
  });
  pendingId = row.id;
  const [toApprove] = await cloneHorses(t.database.db, row, 1, { paymentStatus: 'paid' });
  approvedId = toApprove?.id ?? '';
  const approved = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/approve-horse/${approvedId}`,
    headers: bearer(admin),
    payload: await asReviewed(t.database.db, `/api/admin/approve-horse/${approvedId}`, {
      action: 'approve',
      approvedName: row.thirdChoice,
      verified: true,
    }),
  });
  number = approved.json().data.registrationNum;
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('certificates', () => {
  it('is a one-page PDF for the owner and for admins', async () => {
    for (const [url, token] of [
      [`/api/members/horses/${approvedId}/certificate.pdf`, memberA],
      [`/api/admin/horses/${approvedId}/certificate.pdf`, admin],
    ] as const) {
      const response = await get(url, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toContain(number);
    }
  });

  it('is refused for a horse that is not approved, and hidden from other members', async () => {
    const pending = await get(`/api/members/horses/${pendingId}/certificate.pdf`, memberA);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(ADMIN_MESSAGES.notApproved);
    expect((await get(`/api/admin/horses/${pendingId}/certificate.pdf`, admin)).statusCode).toBe(
      409,
    );
    expect(
      (await get(`/api/members/horses/${approvedId}/certificate.pdf`, memberB)).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/public/verify/:registrationNumber', () => {
  // Issue 21 added sex, colour, foal year and the owners' names (owners-of-record.test.ts).
  it('confirms number, name, status and verified, and nothing private', async () => {
    const response = await get(`/api/public/verify/${encodeURIComponent(number)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      registrationNumber: number,
      name: 'Easy Rack',
      status: 'approved',
      verified: true,
    });
    expect(response.body).not.toMatch(/Barn Road|member|@|ownerId|sire/i);
  });

  it('is 404 for unknown numbers', async () => {
    const response = await get('/api/public/verify/GHR-1999-99999');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(ADMIN_MESSAGES.registrationNotFound);
  });
});
