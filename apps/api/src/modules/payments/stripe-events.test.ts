import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { ACH_MANDATE_VERSION, TERMS_VERSION, type LedgerEntry } from '@registry/domain';
import { auditLog, mailOutbox, paymentRefunds, payments } from '../../db/schema.js';
import { ADMIN, bearer, type TestApp } from '../../test/harness.js';
import {
  paymentIntent,
  startFakeStripe,
  stripeConfig,
  type FakeAnswer,
  type FakeStripe,
} from '../../test/fake-stripe.js';
import {
  bankPayment,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  registerHorse,
} from '../../test/payment-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { createSignedInApp } from '../../test/signed-in-app.js';
import { sendImmediateNotices } from '../mail/office-notices.js';
import { stripeClientOptions } from './stripe-provider.js';
import { STRIPE_API_VERSION } from './stripe-version.js';

/*
 * Issue 33 §3: every Stripe event of the flows we use, through the real webhook route and
 * stripe-node against the local fake: partial and failed refunds, dispute outcomes, a revoked
 * ACH mandate, a detached payment method; replays and late events count once.
 */

const SECRET = 'whsec_events_secret';
let t: TestApp;
let stripe: FakeStripe;
let member: string;
let admin: string;
beforeAll(async () => {
  stripe = await startFakeStripe();
  ({
    t,
    memberA: member,
    admin,
  } = await createSignedInApp(['memberA', 'admin'], {
    payments: stripeConfig(stripe.port, SECRET),
  }));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

let counter = 0;
const NOW = Math.floor(Date.now() / 1000);
function event(type: string, object: Record<string, unknown>, created = NOW, id?: string) {
  return JSON.stringify({
    id: id ?? `evt_events_${++counter}`,
    object: 'event',
    type,
    api_version: STRIPE_API_VERSION,
    created,
    data: { object },
  });
}
function deliver(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/members/webhook-stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
}
async function deliverOk(payload: string) {
  const response = await deliver(payload);
  expect(response.statusCode).toBe(200);
  return response.json() as { received: true; duplicate?: true };
}

const refund = (id: string, intentId: string, amount: number, status: string, extra = {}) => ({
  id,
  object: 'refund',
  amount,
  currency: 'usd',
  status,
  payment_intent: intentId,
  charge: `ch_${intentId}`,
  ...extra,
});
const refundList = (...data: ReturnType<typeof refund>[]): FakeAnswer => ({
  status: 200,
  body: { object: 'list', data, has_more: false, url: '/v1/refunds' },
});
const charge = (intentId: string, amountRefunded: number, refunded: boolean) => ({
  id: `ch_${intentId}`,
  object: 'charge',
  amount: 3000,
  amount_refunded: amountRefunded,
  refunded,
  payment_intent: intentId,
});
const dispute = (intentId: string, status: string, amount = 3000) => ({
  id: `dp_${intentId}`,
  object: 'dispute',
  amount,
  charge: `ch_${intentId}`,
  payment_intent: intentId,
  status,
});

async function paidByCard(intentId: string, paymentMethod = `pm_card_${intentId}`) {
  const horse = await registerHorse(t.app, t.database.db, member);
  stripe.answer({
    status: 200,
    body: paymentIntent(intentId, 'succeeded', { payment_method: paymentMethod }),
  });
  const response = await pay(t.app, member, horse.id, {
    ...cardPayment('ctoken_card'),
    checkedAgreement: true,
  });
  expect(response.statusCode).toBe(200);
  const [payment] = await paymentsOf(t.database.db, horse.id);
  return { horse, payment: payment! };
}

async function paidByBank(intentId: string, paymentMethod: string) {
  const horse = await registerHorse(t.app, t.database.db, member);
  stripe.answer({
    status: 200,
    body: paymentIntent(intentId, 'processing', { payment_method: paymentMethod }),
  });
  expect((await pay(t.app, member, horse.id, bankPayment('ctoken_bank'))).statusCode).toBe(200);
  await deliverOk(event('payment_intent.succeeded', paymentIntent(intentId, 'succeeded')));
  const [payment] = await paymentsOf(t.database.db, horse.id);
  expect(payment?.status).toBe('succeeded');
  return { horse, payment: payment! };
}

const paymentRow = async (id: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const audits = (paymentId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.details}->>'paymentId' = ${paymentId}`));
async function ledgerEntry(intentId: string): Promise<LedgerEntry> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/payments?q=${intentId}`,
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  const [entry] = response.json().data.items as LedgerEntry[];
  return entry!;
}

describe('the pinned API version', () => {
  it('builds the client with it and sends it on every request', async () => {
    expect(STRIPE_API_VERSION).toBe('2026-10-28.endive');
    expect(stripeClientOptions({ secretKey: 'sk_test_x', api: {} }).apiVersion).toBe(
      STRIPE_API_VERSION,
    );
    await paidByCard('pi_version');
    expect(stripe.requests[0]?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });
});

describe('partial refunds', () => {
  it('records the amount; the horse stays paid until the refunds cover the payment', async () => {
    const { horse, payment } = await paidByCard('pi_partial');
    stripe.answer(refundList(refund('re_part_1', 'pi_partial', 1000, 'succeeded')));
    const first = event('charge.refunded', charge('pi_partial', 1000, false));
    expect(await deliverOk(first)).toEqual({ received: true });
    // charge.refunded no longer lists the refunds: the provider is asked for them.
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked.map((r) => `${r.method} ${r.path} ${r.form.payment_intent}`)).toEqual([
      'GET /v1/refunds pi_partial',
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'succeeded',
      refundedCents: 1000,
    });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');

    // The same event again, another event saying the same, and the refund's own event: once.
    expect(await deliverOk(first)).toEqual({ received: true, duplicate: true });
    await deliverOk(event('charge.refunded', charge('pi_partial', 1000, false)));
    await deliverOk(event('refund.created', refund('re_part_1', 'pi_partial', 1000, 'succeeded')));
    expect((await paymentRow(payment.id)).refundedCents).toBe(1000);
    expect(await audits(payment.id, 'payment.partially_refunded')).toHaveLength(1);

    // The ledger, My payments and the receipt show it.
    const entry = await ledgerEntry('pi_partial');
    expect(entry).toMatchObject({ status: 'succeeded', refundedCents: 1000 });
    expect(entry.refunds).toMatchObject([
      { id: 're_part_1', amountCents: 1000, status: 'succeeded' },
    ]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/members/payments',
      headers: bearer(member),
    });
    expect((mine.json().data as { id: string }[]).find((p) => p.id === payment.id)).toMatchObject({
      refundedCents: 1000,
      status: 'succeeded',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/members/payments/${payment.id}/receipt.pdf`,
      headers: bearer(member),
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Receipt and refund');
    expect(text).toContain('-$10.00');
    expect(text).toContain('Kept');
    expect(text).toContain('$20.00');

    // The rest refunded: now the payment and the horse are refunded.
    await deliverOk(event('refund.created', refund('re_part_2', 'pi_partial', 2000, 'pending')));
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 3000,
    });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('refunded');
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(1);
    // The pending refund going through is its own audited step, not a second refund.
    await deliverOk(event('refund.updated', refund('re_part_2', 'pi_partial', 2000, 'succeeded')));
    expect((await paymentRow(payment.id)).refundedCents).toBe(3000);
    expect(await audits(payment.id, 'payment.refund_updated')).toHaveLength(1);
  });
});

describe('failed refunds', () => {
  it('a refund the office made that fails: recorded as failed, the office told, paid again', async () => {
    const { horse, payment } = await paidByCard('pi_refund_fails');
    // The office's first notices run notes where they start.
    const notices = {
      associationName: 'Test',
      publicUrl: 'http://registry.test',
      digestHourUtc: 7,
    };
    await sendImmediateNotices(t.database.db, notices);
    stripe.answer({
      status: 200,
      body: refund('re_office_1', 'pi_refund_fails', 3000, 'pending'),
    });
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/reverse`,
      headers: bearer(admin),
      payload: { reason: 'Registration withdrawn', status: 'succeeded' },
    });
    expect(reversed.statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 3000,
    });
    // Stripe's own report of the same refund counts it once.
    stripe.answer(refundList(refund('re_office_1', 'pi_refund_fails', 3000, 'pending')));
    await deliverOk(event('charge.refunded', charge('pi_refund_fails', 3000, true)));
    expect((await paymentRow(payment.id)).refundedCents).toBe(3000);

    await deliverOk(
      event(
        'charge.refund.updated',
        refund('re_office_1', 'pi_refund_fails', 3000, 'failed', {
          failure_reason: 'expired_or_canceled_card',
        }),
      ),
    );
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    const [stored] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, 're_office_1'));
    expect(stored).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    const failed = await audits(payment.id, 'payment.refund_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.details).toMatchObject({ from: 'refunded', to: 'succeeded' });

    // refund.failed for the same refund, and a late "pending": nothing more.
    await deliverOk(
      event('refund.failed', refund('re_office_1', 'pi_refund_fails', 3000, 'failed')),
    );
    await deliverOk(
      event('refund.updated', refund('re_office_1', 'pi_refund_fails', 3000, 'pending'), NOW - 60),
    );
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    expect(await audits(payment.id, 'payment.refund_failed')).toHaveLength(1);

    // The office hears of it through its notices.
    expect(await sendImmediateNotices(t.database.db, notices)).toBeGreaterThanOrEqual(1);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ADMIN.email));
    expect(
      mails.some((mail) => mail.text.includes('Refund failed (expired_or_canceled_card): $30.00')),
    ).toBe(true);
    // The ledger shows the failed refund and the payment as paid.
    const entry = await ledgerEntry('pi_refund_fails');
    expect(entry).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    expect(entry.refunds).toMatchObject([{ id: 're_office_1', status: 'failed' }]);
  });
});

describe('a failed refund after the horse was paid again', () => {
  it('records the failure and leaves the second payment alone (no second live payment)', async () => {
    const { horse, payment } = await paidByCard('pi_twin_1');
    stripe.answer({ status: 200, body: refund('re_twin_1', 'pi_twin_1', 3000, 'pending') });
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/reverse`,
      headers: bearer(admin),
      payload: { reason: 'Paid twice', status: 'succeeded' },
    });
    expect(reversed.statusCode).toBe(200);
    stripe.answer({ status: 200, body: paymentIntent('pi_twin_2', 'succeeded') });
    expect((await pay(t.app, member, horse.id, cardPayment('ctoken_again'))).statusCode).toBe(200);

    const failed = await deliver(
      event('refund.failed', refund('re_twin_1', 'pi_twin_1', 3000, 'failed')),
    );
    expect(failed.statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedCents: 0 });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    const [audit] = await audits(payment.id, 'payment.refund_failed');
    expect(audit).toMatchObject({ success: false });
    const live = (await paymentsOf(t.database.db, horse.id)).filter(
      (p) => p.status === 'succeeded',
    );
    expect(live).toHaveLength(1);
  });
});

describe('dispute outcomes', () => {
  it('an inquiry closed without a chargeback (warning_closed) is not lost: paid again', async () => {
    const { horse, payment } = await paidByCard('pi_inquiry');
    const notices = {
      associationName: 'Test',
      publicUrl: 'http://registry.test',
      digestHourUtc: 7,
    };
    await sendImmediateNotices(t.database.db, notices);
    await deliverOk(
      event('charge.dispute.created', dispute('pi_inquiry', 'warning_needs_response')),
    );
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('disputed');
    // The office is told, once.
    expect(await sendImmediateNotices(t.database.db, notices)).toBe(1);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ADMIN.email));
    expect(
      mails.filter((mail) =>
        mail.text.includes(
          'Payment disputed with the card issuer (warning_needs_response): $30.00',
        ),
      ),
    ).toHaveLength(1);
    await deliverOk(
      event('charge.dispute.updated', dispute('pi_inquiry', 'warning_under_review'), NOW + 1),
    );
    expect((await paymentRow(payment.id)).status).toBe('disputed');
    expect(await audits(payment.id, 'payment.dispute_updated')).toHaveLength(1);
    await deliverOk(
      event('charge.dispute.closed', dispute('pi_inquiry', 'warning_closed'), NOW + 2),
    );
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    expect((await ledgerEntry('pi_inquiry')).dispute).toEqual({
      status: 'warning_closed',
      amountCents: 3000,
      outcome: 'kept',
    });
  });

  it('won goes back to paid, lost to refunded (disputed-lost), prevented keeps it', async () => {
    const won = await paidByCard('pi_dp_won');
    await deliverOk(event('charge.dispute.created', dispute('pi_dp_won', 'needs_response')));
    await deliverOk(
      event('charge.dispute.funds_withdrawn', dispute('pi_dp_won', 'needs_response')),
    );
    await deliverOk(event('charge.dispute.updated', dispute('pi_dp_won', 'under_review'), NOW + 1));
    await deliverOk(event('charge.dispute.closed', dispute('pi_dp_won', 'won'), NOW + 2));
    expect((await horseRow(t.database.db, won.horse.id)).paymentStatus).toBe('paid');
    expect(await audits(won.payment.id, 'payment.dispute_won')).toHaveLength(1);

    const lost = await paidByCard('pi_dp_lost');
    await deliverOk(event('charge.dispute.created', dispute('pi_dp_lost', 'needs_response')));
    await deliverOk(event('charge.dispute.closed', dispute('pi_dp_lost', 'lost'), NOW + 5));
    expect((await paymentRow(lost.payment.id)).status).toBe('refunded');
    expect((await horseRow(t.database.db, lost.horse.id)).paymentStatus).toBe('refunded');
    expect((await ledgerEntry('pi_dp_lost')).dispute).toMatchObject({
      status: 'lost',
      outcome: 'lost',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/members/payments/${lost.payment.id}/receipt.pdf`,
      headers: bearer(member),
    });
    expect(pdfText(pdf.rawPayload)).toContain('decided a dispute for the cardholder');

    const prevented = await paidByCard('pi_dp_prevented');
    await deliverOk(event('charge.dispute.created', dispute('pi_dp_prevented', 'needs_response')));
    await deliverOk(
      event('charge.dispute.closed', dispute('pi_dp_prevented', 'prevented'), NOW + 1),
    );
    expect((await paymentRow(prevented.payment.id)).status).toBe('succeeded');
  });

  it('a late or replayed dispute event never reopens a closed dispute', async () => {
    const { horse, payment } = await paidByCard('pi_dp_late');
    await deliverOk(event('charge.dispute.closed', dispute('pi_dp_late', 'won'), NOW + 10));
    await deliverOk(event('charge.dispute.created', dispute('pi_dp_late', 'needs_response'), NOW));
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    // The same second: closed stands.
    await deliverOk(
      event('charge.dispute.updated', dispute('pi_dp_late', 'under_review'), NOW + 10),
    );
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
  });

  it('an appeal opens a lost dispute again; winning it makes the payment paid', async () => {
    const { horse, payment } = await paidByCard('pi_dp_appeal');
    await deliverOk(event('charge.dispute.created', dispute('pi_dp_appeal', 'needs_response')));
    await deliverOk(event('charge.dispute.closed', dispute('pi_dp_appeal', 'lost'), NOW + 1));
    await deliverOk(
      event('charge.dispute.updated', dispute('pi_dp_appeal', 'appeal_needs_response'), NOW + 2),
    );
    expect((await paymentRow(payment.id)).status).toBe('disputed');
    await deliverOk(event('charge.dispute.closed', dispute('pi_dp_appeal', 'won'), NOW + 3));
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });
});

describe('ACH mandates and payment methods', () => {
  it('mandate.updated inactive marks the stored mandate revoked, once; the next debit asks again', async () => {
    const { payment } = await paidByBank('pi_mandate', 'pm_bank_mandate');
    expect((await paymentRow(payment.id)).providerMethodId).toBe('pm_bank_mandate');
    // Active and pending mandates are the normal course.
    const active = {
      id: 'mandate_1',
      object: 'mandate',
      status: 'active',
      payment_method: 'pm_bank_mandate',
    };
    await deliverOk(event('mandate.updated', active));
    expect((await paymentRow(payment.id)).mandate).not.toHaveProperty('status');

    const inactive = { ...active, status: 'inactive' };
    await deliverOk(event('mandate.updated', inactive));
    await deliverOk(event('mandate.updated', inactive));
    const row = await paymentRow(payment.id);
    expect(row.mandate).toMatchObject({
      status: 'revoked',
      providerMandateId: 'mandate_1',
      version: ACH_MANDATE_VERSION,
      checkedAgreement: true,
    });
    // The money already settled: the payment stays paid.
    expect(row.status).toBe('succeeded');
    expect(await audits(payment.id, 'payment.mandate_revoked')).toHaveLength(1);
    expect((await ledgerEntry('pi_mandate')).agreement).toMatchObject({
      mandateStatus: 'revoked',
      mandateVersion: ACH_MANDATE_VERSION,
    });

    // The member's next bank debit needs the authorisation again and keeps a new mandate.
    const next = await registerHorse(t.app, t.database.db, member);
    const refused = await pay(t.app, member, next.id, {
      ...bankPayment('ctoken_bank'),
      checkedAgreement: false,
    });
    expect(refused.statusCode).toBe(400);
    stripe.answer({
      status: 200,
      body: paymentIntent('pi_mandate_2', 'processing', { payment_method: 'pm_bank_mandate' }),
    });
    expect((await pay(t.app, member, next.id, bankPayment('ctoken_bank'))).statusCode).toBe(200);
    const [fresh] = await paymentsOf(t.database.db, next.id);
    expect(fresh?.mandate).toMatchObject({ checkedAgreement: true });
    expect(fresh?.mandate).not.toHaveProperty('status');
    const sent = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(sent?.form['mandate_data[customer_acceptance][type]']).toBe('online');
  });

  it('payment_method.detached revokes a bank mandate and is noted for a card', async () => {
    const bank = await paidByBank('pi_detach_bank', 'pm_bank_detach');
    const card = await paidByCard('pi_detach_card', 'pm_card_detach');
    await deliverOk(
      event('payment_method.detached', {
        id: 'pm_bank_detach',
        object: 'payment_method',
        type: 'us_bank_account',
        customer: null,
      }),
    );
    await deliverOk(
      event('payment_method.detached', {
        id: 'pm_card_detach',
        object: 'payment_method',
        type: 'card',
        customer: null,
      }),
    );
    expect((await paymentRow(bank.payment.id)).mandate).toMatchObject({
      status: 'revoked',
      revokedBy: 'payment_method.detached',
    });
    expect(await audits(bank.payment.id, 'payment.mandate_revoked')).toHaveLength(1);
    expect(await audits(card.payment.id, 'payment.method_detached')).toHaveLength(1);
    expect((await paymentRow(card.payment.id)).status).toBe('succeeded');
  });

  it('answers hostile shapes of every handled type with a 4xx or an acknowledgement, never a 500', async () => {
    const objects: Array<[string, Record<string, unknown>]> = [
      ['charge.refunded', { id: 'ch_x', payment_intent: 'pi_\u0000' }],
      [
        'charge.refunded',
        { payment_intent: 'pi_x', refunds: { data: [{ id: 're_x', amount: -1 }] } },
      ],
      [
        'refund.updated',
        { id: 're_\u0000', amount: 100, status: 'failed', payment_intent: 'pi_\u0000' },
      ],
      ['refund.created', { id: 're_y', amount: '100', payment_intent: 'pi_x' }],
      ['charge.dispute.closed', { id: 'dp_\u0000', status: 'lost', payment_intent: 'pi_\u0000' }],
      ['charge.dispute.updated', { id: 'dp_x', status: 42, payment_intent: 'pi_x' }],
      [
        'charge.dispute.created',
        { id: 'dp_z', status: 'brand_new_status', payment_intent: 'pi_partial' },
      ],
      [
        'mandate.updated',
        { id: 'mandate_\u0000', status: 'inactive', payment_method: 'pm_\u0000' },
      ],
      ['payment_method.detached', { id: 'pm_\u0000' }],
      ['payment_method.detached', { id: 'x'.repeat(300) }],
    ];
    for (const [type, object] of objects) {
      const response = await deliver(event(type, object));
      expect(response.statusCode, `${type} ${JSON.stringify(object)}`).toBeLessThan(500);
    }
  });

  it('refuses a mandate or payment method event without the fields we read (400)', async () => {
    expect(
      (await deliver(event('mandate.updated', { id: 'mandate_x', status: 'inactive' }))).statusCode,
    ).toBe(400);
    expect(
      (await deliver(event('payment_method.detached', { object: 'payment_method' }))).statusCode,
    ).toBe(400);
    expect(
      (await deliver(event('refund.failed', { id: 're_x', status: 'failed' }))).statusCode,
    ).toBe(400);
  });
});

describe('the agreement of every payment', () => {
  it('keeps the card agreement with the payment, shows it in the ledger and on the receipt', async () => {
    const { payment } = await paidByCard('pi_card_terms');
    expect((await paymentRow(payment.id)).agreement).toMatchObject({
      checkedAgreement: true,
      termsVersion: TERMS_VERSION,
      mandateVersion: null,
      acceptance: 'online',
      userAgent: 'PaymentsTest/1.0',
    });
    expect((await ledgerEntry('pi_card_terms')).agreement).toMatchObject({
      checkedAgreement: true,
      termsVersion: TERMS_VERSION,
      mandateStatus: null,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/members/payments/${payment.id}/receipt.pdf`,
      headers: bearer(member),
    });
    expect(pdfText(pdf.rawPayload)).toContain(`Agreement accepted`);
    expect(pdfText(pdf.rawPayload)).toContain(TERMS_VERSION);
  });
});
