import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, PAYMENT_MESSAGES } from '@registry/domain';
import { auditLog, mailOutbox } from '../../db/schema.js';
import { MEMBER_A, bearer, type TestApp } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  horseRow,
  paymentsOf,
  registerHorse,
} from '../../test/payment-fixtures.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  ({ t, memberA: member, admin } = await createSignedInApp(['memberA', 'admin']));
});
afterAll(() => t.close());

const adminPay = (horseId: string, body: Record<string, unknown>, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payment-process/${horseId}`,
    headers: bearer(token),
    payload: body,
  });

describe('POST /api/admin/payment-process/:horseId', () => {
  it('records an offline check: horse paid, audit row by the administrator, member emailed', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const response = await adminPay(horse.id, {
      method: 'check',
      reference: 'Check #1042',
      note: 'Received at the show office',
      fees: { prepayDNAFee: true, total: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: PAYMENT_MESSAGES.paymentRecorded,
      paymentStatus: 'succeeded',
      paymentIntentId: null,
    });
    const row = await horseRow(t.database.db, horse.id);
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentMode: 'Check' });
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment).toMatchObject({
      provider: 'offline',
      method: 'check',
      status: 'succeeded',
      amountCents: 8000,
      reference: 'Check #1042',
      note: 'Received at the show office',
      payerId: horse.ownerId,
    });
    expect(payment?.recordedById).toBeTruthy();

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, horse.id), eq(auditLog.action, 'payment.created')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(payment?.recordedById);
    expect(audits[0]?.details).toMatchObject({ provider: 'offline', method: 'check' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email));
    expect(mails.some((m) => m.subject.includes('payment received'))).toBe(true);
  });

  it('refuses a second payment for a paid horse (409)', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    expect((await adminPay(horse.id, { method: 'cash' })).statusCode).toBe(200);
    const again = await adminPay(horse.id, { method: 'other', note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAYMENT_MESSAGES.alreadyPaid);
    const card = await adminPay(horse.id, { method: 'card', paymentMethodId: M.cardSucceeds });
    expect(card.statusCode).toBe(409);
  });

  it("charges a card on the member's behalf", async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const response = await adminPay(horse.id, { method: 'card', paymentMethodId: M.cardSucceeds });
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentStatus).toBe('succeeded');
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment).toMatchObject({ provider: 'sandbox', payerId: horse.ownerId });
    expect(payment?.recordedById).not.toBe(horse.ownerId);
    expect((await horseRow(t.database.db, horse.id)).paymentMode).toBe('Credit Card');
  });

  it("debits the member's bank account with the authorisation the office took, and refuses it without", async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const refused = await adminPay(horse.id, {
      method: 'bank',
      paymentMethodId: M.bankSettles,
      accountHolderName: 'Jane Rider',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(PAYMENT_MESSAGES.agreementRequired);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('unpaid');

    const response = await adminPay(horse.id, {
      method: 'bank',
      paymentMethodId: M.bankSettles,
      accountHolderName: 'Jane Rider',
      checkedAgreement: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentStatus).toBe('processing');
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment).toMatchObject({ provider: 'sandbox', method: 'bank', payerId: horse.ownerId });
    expect(payment?.billing).toMatchObject({ accountHolderName: 'Jane Rider' });
    expect(payment?.mandate).toMatchObject({
      checkedAgreement: true,
      acceptance: 'office',
      accountHolderName: 'Jane Rider',
      recordedById: payment?.recordedById,
    });
    expect(String(payment?.mandate?.text)).toContain('$30.00');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('processing');
  });

  it('emails the receipt and logs a card the office charged through the provider', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const response = await adminPay(horse.id, {
      method: 'card',
      paymentMethodId: M.cardSucceeds,
      accountHolderName: 'Jane Rider',
      fees: { prepayDNAFee: true },
    });
    expect(response.statusCode).toBe(200);
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment).toMatchObject({ amountCents: 8000, status: 'succeeded', mandate: null });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, horse.id));
    const created = audits.find((a) => a.action === 'payment.created');
    expect(created?.actorId).toBe(payment?.recordedById);
    expect(audits.some((a) => a.action === 'payment.settled')).toBe(true);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email));
    expect(
      mails.filter((m) => m.subject.includes('payment received') && m.text.includes('$80.00')),
    ).not.toHaveLength(0);
  });

  it('answers 404 for an unknown horse and 400 for an unknown method', async () => {
    expect(
      (await adminPay('00000000-0000-4000-8000-000000000000', { method: 'cash' })).statusCode,
    ).toBe(404);
    const horse = await registerHorse(t.app, t.database.db, member);
    expect((await adminPay(horse.id, { method: 'bitcoin' })).statusCode).toBe(400);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('unpaid');
  });

  it('is for administrators only: 403 for a member, 401 anonymous', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const asMember = await adminPay(horse.id, { method: 'cash' }, member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error).toBe(AUTH_MESSAGES.forbidden);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-process/${horse.id}`,
      payload: { method: 'cash' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('unpaid');
  });
});
