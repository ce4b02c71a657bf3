import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { auditLog, mailOutbox, payments, webhookEvents } from '../../db/schema.js';
import { MEMBER_A, createTestApp, type TestApp } from '../../test/harness.js';
import { paymentIntent, stripeConfig, type FakeStripe } from '../../test/fake-stripe.js';
import {
  bankPayment,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  registerHorse,
} from '../../test/payment-fixtures.js';
import { createStripeApp } from '../../test/payment-apps.js';

const SECRET = 'whsec_test_secret';
let t: TestApp;
let stripe: FakeStripe;
let member: string;
beforeAll(async () => {
  ({ t, stripe, member } = await createStripeApp({}, SECRET));
});
afterAll(() => t.close());

let eventCounter = 0;
function event(type: string, intent: Record<string, unknown>, id = `evt_${++eventCounter}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/members/webhook-stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined
        ? {
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: SECRET,
            }),
          }
        : signature
          ? { 'stripe-signature': signature }
          : {}),
    },
    payload,
  });
}

/** A bank payment left `processing` at the (fake) Stripe, as after a real ACH debit. */
async function processingBankPayment(intentId: string) {
  const horse = await registerHorse(t.app, t.database.db, member);
  stripe.answer({ status: 200, body: paymentIntent(intentId, 'processing') });
  expect((await pay(t.app, member, horse.id, bankPayment('pm_bank'))).statusCode).toBe(200);
  return horse;
}

const settledAudits = (horseId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment.settled'), eq(auditLog.subject, horseId)));
const mailsTo = (email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('POST /api/members/webhook-stripe', () => {
  it('refuses a missing or wrong signature and a tampered body (400), changing nothing', async () => {
    const horse = await processingBankPayment('pi_forged');
    const payload = event('payment_intent.succeeded', paymentIntent('pi_forged', 'succeeded'));
    const missing = await deliver(payload, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      error: PAYMENT_MESSAGES.webhookSignatureInvalid,
    });
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    });
    expect((await deliver(payload, wrongSecret)).statusCode).toBe(400);
    const signedOther = Stripe.webhooks.generateTestHeaderString({
      payload: `${payload} `,
      secret: SECRET,
    });
    expect((await deliver(payload, signedOther)).statusCode).toBe(400);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('processing');
    expect(await t.database.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it('settles once when the same event is delivered twice (one mail, one audit row)', async () => {
    const horse = await processingBankPayment('pi_twice');
    const mailsBefore = (await mailsTo(MEMBER_A.email)).length;
    const payload = event('payment_intent.succeeded', paymentIntent('pi_twice', 'succeeded'));
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await deliver(payload);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });

    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    expect(await settledAudits(horse.id)).toHaveLength(1);
    expect((await mailsTo(MEMBER_A.email)).length).toBe(mailsBefore + 1);
  });

  it('tolerates out-of-order delivery: a late processing never undoes succeeded', async () => {
    const horse = await processingBankPayment('pi_order');
    await deliver(event('payment_intent.succeeded', paymentIntent('pi_order', 'succeeded')));
    const late = await deliver(
      event('payment_intent.processing', paymentIntent('pi_order', 'processing')),
    );
    expect(late.statusCode).toBe(200);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment?.status).toBe('succeeded');
  });

  it('applies payment_failed with the bank message, and acknowledges unrelated events', async () => {
    const horse = await processingBankPayment('pi_fails');
    const failed = await deliver(
      event(
        'payment_intent.payment_failed',
        paymentIntent('pi_fails', 'requires_payment_method', {
          last_payment_error: { message: "The customer's bank account could not be located." },
        }),
      ),
    );
    expect(failed.statusCode).toBe(200);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('failed');
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment?.failureMessage).toBe("The customer's bank account could not be located.");

    const other = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.json()).toEqual({ received: true });
    const unknown = await deliver(
      event('payment_intent.succeeded', paymentIntent('pi_not_ours', 'succeeded')),
    );
    expect(unknown.statusCode).toBe(200);
  });
});

describe('an event that arrives before our record of the intent id', () => {
  it('finds the payment through metadata.paymentId', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        horseId: horse.id,
        payerId: horse.ownerId,
        provider: 'stripe',
        method: 'card',
        idempotencyKey: `early-${horse.id}`,
        amountCents: 3000,
        fees: {},
        status: 'requires_action',
      })
      .returning();
    const response = await deliver(
      event(
        'payment_intent.succeeded',
        paymentIntent('pi_early', 'succeeded', { metadata: { paymentId: payment?.id } }),
      ),
    );
    expect(response.statusCode).toBe(200);
    const [after] = await paymentsOf(t.database.db, horse.id);
    expect(after?.status).toBe('succeeded');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });
});

describe('webhooks without a signing secret', () => {
  it('are refused with 400', async () => {
    const bare = await createTestApp({ payments: stripeConfig(stripe.port, null) });
    try {
      const payload = event('payment_intent.succeeded', paymentIntent('pi_x', 'succeeded'));
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/members/webhook-stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(PAYMENT_MESSAGES.webhookNotConfigured);
    } finally {
      await bare.close();
    }
  });
});

describe('refunds and disputes made in the Stripe dashboard', () => {
  async function paidByCard(intentId: string) {
    const horse = await registerHorse(t.app, t.database.db, member);
    stripe.answer({ status: 200, body: paymentIntent(intentId, 'succeeded') });
    expect((await pay(t.app, member, horse.id, cardPayment('pm_card_visa'))).statusCode).toBe(200);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    return horse;
  }
  const charge = (intentId: string, extra: Record<string, unknown> = {}) => ({
    id: `ch_${intentId}`,
    object: 'charge',
    payment_intent: intentId,
    ...extra,
  });
  const dispute = (intentId: string, status: string) => ({
    id: `dp_${intentId}`,
    object: 'dispute',
    payment_intent: intentId,
    status,
  });

  it('charge.refunded (in full) marks the payment and the horse refunded, once', async () => {
    const horse = await paidByCard('pi_refund_1');
    // The charge does not list its refunds (API 2022-11-15 on): the server asks Stripe.
    const refunds = (...amounts: number[]) => ({
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        data: amounts.map((amount, i) => ({
          id: `re_refund_1_${i}`,
          object: 'refund',
          amount,
          status: 'succeeded',
          payment_intent: 'pi_refund_1',
        })),
      },
    });
    stripe.answer(refunds(1000));
    const partial = await deliver(
      event('charge.refunded', charge('pi_refund_1', { refunded: false })),
    );
    expect(partial.statusCode).toBe(200);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    stripe.answer(refunds(1000, 2000));
    const payload = event('charge.refunded', charge('pi_refund_1', { refunded: true }));
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('refunded');
    expect((await paymentsOf(t.database.db, horse.id))[0]?.status).toBe('refunded');
    expect((await deliver(payload)).json()).toEqual({ received: true, duplicate: true });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.subject, horse.id)));
    expect(audits).toHaveLength(1);
  });

  it('a dispute holds the horse as disputed; won goes back to paid, lost to refunded', async () => {
    const won = await paidByCard('pi_dispute_won');
    await deliver(event('charge.dispute.created', dispute('pi_dispute_won', 'needs_response')));
    expect((await horseRow(t.database.db, won.id)).paymentStatus).toBe('disputed');
    // A disputed horse cannot be paid a second time meanwhile.
    expect((await pay(t.app, member, won.id, cardPayment('pm_card_visa'))).statusCode).toBe(409);
    await deliver(event('charge.dispute.closed', dispute('pi_dispute_won', 'won')));
    expect((await horseRow(t.database.db, won.id)).paymentStatus).toBe('paid');

    const lost = await paidByCard('pi_dispute_lost');
    await deliver(event('charge.dispute.created', dispute('pi_dispute_lost', 'needs_response')));
    await deliver(event('charge.dispute.closed', dispute('pi_dispute_lost', 'lost')));
    expect((await horseRow(t.database.db, lost.id)).paymentStatus).toBe('refunded');
  });

  it('refuses a charge event without its payment intent (400) and acknowledges unknown ones', async () => {
    const bad = await deliver(event('charge.refunded', { id: 'ch_x', object: 'charge' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(PAYMENT_MESSAGES.webhookMalformed);
    const unknown = await deliver(
      event('charge.refunded', charge('pi_nobody', { refunded: true })),
    );
    expect(unknown.json()).toEqual({ received: true });
  });

  it('pay another way cancels the intent at Stripe first', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    stripe.answer({
      status: 200,
      body: paymentIntent('pi_stuck_1', 'requires_action', {
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: 'https://hooks.stripe.test/3ds' },
        },
      }),
    });
    expect(
      (await pay(t.app, member, horse.id, cardPayment('pm_card_visa'))).json().paymentStatus,
    ).toBe('requires_action');
    const before = stripe.requests.length;
    stripe.answer({ status: 200, body: paymentIntent('pi_stuck_1', 'canceled') });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/members/payment-process/${horse.id}/cancel`,
      headers: { authorization: `Bearer ${member}` },
    });
    expect(response.statusCode).toBe(200);
    const sent = stripe.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_intents/pi_stuck_1/cancel',
    ]);
    expect(sent[0]?.form.cancellation_reason).toBe('abandoned');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('unpaid');
  });

  it('an intent that went through meanwhile is recorded, not canceled (409)', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    stripe.answer({ status: 200, body: paymentIntent('pi_raced_1', 'requires_action') });
    await pay(t.app, member, horse.id, cardPayment('pm_card_visa'));
    stripe.answer(
      {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message:
              'This PaymentIntent could not be canceled because it has a status of succeeded.',
          },
        },
      },
      { status: 200, body: paymentIntent('pi_raced_1', 'succeeded') },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/members/payment-process/${horse.id}/cancel`,
      headers: { authorization: `Bearer ${member}` },
    });
    expect(response.statusCode).toBe(409);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });
});
