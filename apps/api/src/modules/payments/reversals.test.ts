import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { auditLog, payments } from '../../db/schema.js';
import { bearer } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  registerHorse,
  sandboxPayments,
} from '../../test/payment-fixtures.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { STALE_REASON, cancelStaleIntents } from './stale-intents.js';
import { EVERY_ACCOUNT, signedInSuite } from '../../test/signed-in-app.js';

const suite = signedInSuite(EVERY_ACCOUNT, {
  publicUrl: 'http://registry.test',
  payments: sandboxPayments(),
});

const newHorse = () => registerHorse(suite.t.app, suite.t.database.db, suite.memberA);
const cancel = (horseId: string, token = suite.memberA) =>
  suite.t.app.inject({
    method: 'POST',
    url: `/api/members/payment-process/${horseId}/cancel`,
    headers: bearer(token),
  });
const undo = (horseId: string, payload: Record<string, unknown>, token = suite.admin) =>
  suite.t.app.inject({
    method: 'POST',
    url: `/api/admin/payment-void/${horseId}`,
    headers: bearer(token),
    payload,
  });
const auditsOf = (horseId: string, action: string) =>
  suite.t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subject, horseId), eq(auditLog.action, action)));

async function waitingHorse() {
  const horse = await newHorse();
  const answer = await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardRequiresAction));
  expect(answer.json().paymentStatus).toBe('requires_action');
  return horse;
}

describe('pay another way (member)', () => {
  it('cancels the payment waiting for approval; the horse can then be paid', async () => {
    const horse = await waitingHorse();
    // Before: the stuck payment blocks every new one, the office's too.
    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(409);
    const response = await cancel(horse.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: PAYMENT_MESSAGES.paymentCanceled,
    });
    expect(await horseRow(suite.t.database.db, horse.id)).toMatchObject({
      paymentStatus: 'unpaid',
      paymentMode: null,
    });
    const [payment] = await paymentsOf(suite.t.database.db, horse.id);
    expect(payment).toMatchObject({ status: 'canceled', actionUrl: null });
    expect(await auditsOf(horse.id, 'payment.canceled')).toHaveLength(1);
    // The sandbox approval page no longer approves it.
    const approve = await suite.t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${payment?.providerPaymentId}/approve`,
    });
    expect(approve.statusCode).toBeLessThan(500);
    expect((await paymentsOf(suite.t.database.db, horse.id))[0]?.status).toBe('canceled');

    const again = await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds));
    expect(again.statusCode).toBe(200);
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('paid');
  });

  it('answers 409 when nothing waits, and 404 for a horse that is not mine', async () => {
    const horse = await waitingHorse();
    expect((await cancel(horse.id, suite.memberB)).statusCode).toBe(404);
    expect((await cancel(horse.id)).statusCode).toBe(200);
    const twice = await cancel(horse.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, error: PAYMENT_MESSAGES.nothingToCancel });
    expect((await cancel('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('undo with a reason (administrator)', () => {
  it('refuses without a reason (400) and for a horse with no payment (409)', async () => {
    const horse = await newHorse();
    const missing = await undo(horse.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().success).toBe(false);
    expect((await undo(horse.id, { reason: '   ' })).statusCode).toBe(400);
    const none = await undo(horse.id, { reason: 'Typo' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(PAYMENT_MESSAGES.nothingToReverse);
    expect((await undo(horse.id, { reason: 'x' }, suite.memberA)).statusCode).toBe(403);
  });

  it('cancels a payment stuck waiting for approval', async () => {
    const horse = await waitingHorse();
    const response = await undo(horse.id, { reason: 'Member phoned: card lost' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ reversal: 'canceled' });
    const [payment] = await paymentsOf(suite.t.database.db, horse.id);
    expect(payment).toMatchObject({
      status: 'canceled',
      reversalReason: 'Member phoned: card lost',
    });
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('unpaid');
  });

  it('voids a payment the office recorded by mistake', async () => {
    const horse = await newHorse();
    const recorded = await suite.t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-process/${horse.id}`,
      headers: bearer(suite.admin),
      payload: { method: 'check', reference: 'Check #7' },
    });
    expect(recorded.statusCode).toBe(200);
    const response = await undo(horse.id, { reason: 'Check bounced' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: PAYMENT_MESSAGES.paymentVoided,
      data: { reversal: 'voided' },
    });
    expect(await horseRow(suite.t.database.db, horse.id)).toMatchObject({
      paymentStatus: 'unpaid',
      paymentMode: null,
    });
    const audits = await auditsOf(horse.id, 'payment.voided');
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ reason: 'Check bounced', from: 'succeeded' });
    expect(audits[0]?.actorId).toBeTruthy();
  });

  it('refunds a provider payment in full; the horse may be paid again', async () => {
    const horse = await newHorse();
    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(200);
    const response = await undo(horse.id, { reason: 'Duplicate registration' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: PAYMENT_MESSAGES.paymentRefunded,
      data: { reversal: 'refunded' },
    });
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('refunded');
    const [payment] = await paymentsOf(suite.t.database.db, horse.id);
    expect(payment).toMatchObject({ status: 'refunded', reversalReason: 'Duplicate registration' });
    expect(await auditsOf(horse.id, 'payment.refunded')).toHaveLength(1);
    // Nothing left to undo; a new payment is accepted.
    expect((await undo(horse.id, { reason: 'again' })).statusCode).toBe(409);
    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(200);
  });
});

describe('stale payments job', () => {
  it('cancels payments waiting for approval for more than 24 hours, and only those', async () => {
    const old = await waitingHorse();
    const fresh = await waitingHorse();
    await suite.t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(payments.horseId, old.id));
    const deps = {
      db: suite.t.database.db,
      provider: createSandboxProvider({
        db: suite.t.database.db,
        publicUrl: 'http://registry.test',
        bankSettleMs: 300,
      }),
      publicUrl: 'http://registry.test',
      associationName: 'Test',
      log: suite.t.app.log,
    };
    expect(await cancelStaleIntents(deps)).toBe(1);
    expect((await horseRow(suite.t.database.db, old.id)).paymentStatus).toBe('unpaid');
    expect((await paymentsOf(suite.t.database.db, old.id))[0]).toMatchObject({
      status: 'canceled',
      reversalReason: STALE_REASON,
    });
    expect((await horseRow(suite.t.database.db, fresh.id)).paymentStatus).toBe('requires_action');
    expect(await cancelStaleIntents(deps)).toBe(0);
  });
});
