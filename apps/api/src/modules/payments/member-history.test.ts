import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '@registry/domain';
import { ADMIN, MEMBER_B, bearer, login, type TestApp } from '../../test/harness.js';
import { createSandboxApp } from '../../test/payment-apps.js';
import { SANDBOX_METHODS, cardPayment, pay, registerHorse } from '../../test/payment-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';

/* Issue 29 §2: members find every payment and its receipt, also once the horse is withdrawn. */

let t: TestApp;
let member: string;
let other: string;
let admin: string;
beforeAll(async () => {
  ({ t, member } = await createSandboxApp(300));
  [other, admin] = await Promise.all([login(t.app, MEMBER_B), login(t.app, ADMIN, 'admin')]);
});
afterAll(() => t.close());

let count = 0;
const newHorse = () => {
  count += 1;
  return registerHorse(t.app, t.database.db, member, {
    firstChoice: `Receipt ${count} One`,
    secondChoice: `Receipt ${count} Two`,
    thirdChoice: `Receipt ${count} Three`,
  });
};
const get = (url: string, token = member) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const listed = async (token = member) => {
  const response = await get('/api/members/payments', token);
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<Record<string, unknown> & { id: string }>;
};

describe('My payments', () => {
  it('lists a paid horse with its fee lines and prints its receipt; others see nothing of it', async () => {
    const horse = await newHorse();
    const paid = await pay(t.app, member, horse.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(paid.statusCode).toBe(200);
    const [entry] = (await listed()).filter(
      (p) => (p.horse as { id: string | null }).id === horse.id,
    );
    expect(entry).toMatchObject({
      horse: {
        id: horse.id,
        name: 'Receipt 1 One / Receipt 1 Two / Receipt 1 Three',
        deleted: false,
      },
      method: 'card',
      amountCents: 3000,
      lines: [{ label: 'Registration Fee', cents: 3000 }],
      status: 'succeeded',
      receipt: true,
    });

    const receipt = await get(`/api/members/payments/${entry!.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Receipt');
    expect(text).toContain('Registration Fee');
    expect(text).toContain('$30.00');
    expect(text).toContain('Receipt 1 One');

    expect((await listed(other)).some((p) => p.id === entry!.id)).toBe(false);
    const foreign = await get(`/api/members/payments/${entry!.id}/receipt.pdf`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(RECEIPT_MESSAGES.notFound);
  });

  it('a declined payment is listed without a receipt', async () => {
    const horse = await newHorse();
    const declined = await pay(t.app, member, horse.id, cardPayment(SANDBOX_METHODS.cardDeclined));
    expect(declined.statusCode).toBe(402);
    const entry = (await listed()).find((p) => (p.horse as { id: string | null }).id === horse.id);
    expect(entry).toMatchObject({ status: 'failed', receipt: false });
    const receipt = await get(`/api/members/payments/${entry!.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json().error).toBe(RECEIPT_MESSAGES.noReceipt);
  });

  it('a refund shows on the receipt, and a withdrawn registration keeps its payment and name', async () => {
    const horse = await newHorse();
    await pay(t.app, member, horse.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/horses/${horse.id}`,
      headers: bearer(member),
    });
    expect(deleted.statusCode).toBe(200);
    const entry = (await listed()).find((p) =>
      String((p.horse as { name: string }).name).startsWith(`Receipt ${count} One`),
    );
    expect(entry).toMatchObject({
      horse: { id: null, deleted: true },
      status: 'succeeded',
      receipt: true,
    });
    const text = pdfText((await get(`/api/members/payments/${entry!.id}/receipt.pdf`)).rawPayload);
    expect(text).toContain('(registration withdrawn)');

    const other2 = await newHorse();
    await pay(t.app, member, other2.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-void/${other2.id}`,
      headers: bearer(admin),
      payload: { reason: 'Paid twice by mistake' },
    });
    expect(refunded.statusCode).toBe(200);
    const refundEntry = (await listed()).find(
      (p) => (p.horse as { id: string | null }).id === other2.id,
    );
    expect(refundEntry).toMatchObject({ status: 'refunded', receipt: true });
    const refundText = pdfText(
      (await get(`/api/members/payments/${refundEntry!.id}/receipt.pdf`)).rawPayload,
    );
    expect(refundText).toContain('Receipt and refund');
    expect(refundText).toContain('-$30.00');
    expect(refundText).toContain('Reason: Paid twice by mistake');
  });

  it('is for members only, and a malformed id is 404', async () => {
    expect((await get('/api/members/payments', admin)).statusCode).toBe(403);
    expect((await get('/api/members/payments/nope/receipt.pdf')).statusCode).toBe(404);
  });
});
