import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { auditLog, mailOutbox } from '../../db/schema.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { cancelStaleIntents } from './stale-intents.js';
import { MEMBER_A, bearer } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  bankPayment,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  statusOf,
} from '../../test/payment-fixtures.js';
import { sandboxSuite } from '../../test/payment-apps.js';

const SETTLE_MS = 300;
const { suite, newHorse } = sandboxSuite(SETTLE_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (email: string) =>
  suite.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('sandbox card payments', () => {
  it('charges a card at once: horse paid, mail queued, audited', async () => {
    const horse = await newHorse();
    const before = (await mailsTo(MEMBER_A.email)).length;
    const response = await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardSucceeds));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: PAYMENT_MESSAGES.registered,
      url: null,
      paymentStatus: 'succeeded',
    });
    expect(body.paymentIntentId).toMatch(/^pi_sandbox_[0-9a-f]+$/);

    const row = await horseRow(suite.t.database.db, horse.id);
    expect(row.paymentStatus).toBe('paid');
    expect(row.paymentMode).toBe('Credit Card');
    const [payment] = await paymentsOf(suite.t.database.db, horse.id);
    expect(payment).toMatchObject({ amountCents: 3000, status: 'succeeded', provider: 'sandbox' });
    expect(payment?.idempotencyKey).toContain(payment?.id);

    const mails = await mailsTo(MEMBER_A.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toContain('payment received');
    const audits = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, horse.id));
    expect(audits.map((a) => a.action).sort()).toEqual(
      expect.arrayContaining(['payment.created', 'payment.settled']),
    );

    const view = await suite.t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${horse.id}`,
      headers: bearer(suite.member),
    });
    expect(view.json().data).toMatchObject({
      paymentStatus: 'paid',
      paymentMode: 'Credit Card',
      paymentIntentId: body.paymentIntentId,
    });
  });

  it('requires action, then the payer approves on the sandbox page', async () => {
    const horse = await newHorse();
    const response = await pay(
      suite.t.app,
      suite.member,
      horse.id,
      cardPayment(M.cardRequiresAction),
    );
    expect(response.statusCode).toBe(200);
    const { url, paymentIntentId, paymentStatus, message } = response.json();
    expect(paymentStatus).toBe('requires_action');
    expect(message).toBe(PAYMENT_MESSAGES.actionRequired);
    expect(url).toBe(`http://registry.test/api/sandbox/payments/${paymentIntentId}`);
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('requires_action');
    expect((await statusOf(suite.t.app, suite.member, paymentIntentId)).json()).toEqual({
      success: true,
      paymentStatus: 'requires_action',
    });

    const path = new URL(url).pathname;
    const page = await suite.t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`action="${path}/approve"`);
    expect(page.body).toContain(`action="${path}/decline"`);
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const approve = await suite.t.app.inject({
      method: 'POST',
      url: `${path}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/payment-complete?payment_intent=${paymentIntentId}`);
    expect((await statusOf(suite.t.app, suite.member, paymentIntentId)).json().paymentStatus).toBe(
      'succeeded',
    );
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('paid');

    // Too late to decline: a settled payment stays settled.
    await suite.t.app.inject({ method: 'POST', url: `${path}/decline` });
    expect((await statusOf(suite.t.app, suite.member, paymentIntentId)).json().paymentStatus).toBe(
      'succeeded',
    );
    const again = await suite.t.app.inject({ method: 'GET', url: path });
    expect(again.body).not.toContain('/approve');
  });

  it('requires action, the payer declines: failed, and the horse can be paid again', async () => {
    const horse = await newHorse();
    const first = (
      await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardRequiresAction))
    ).json();
    const decline = await suite.t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${first.paymentIntentId}/decline`,
    });
    expect(decline.statusCode).toBe(303);
    expect(
      (await statusOf(suite.t.app, suite.member, first.paymentIntentId)).json().paymentStatus,
    ).toBe('failed');
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('failed');

    const retry = await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardSucceeds));
    expect(retry.statusCode).toBe(200);
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('paid');
    expect(await paymentsOf(suite.t.database.db, horse.id)).toHaveLength(2);
  });

  it('answers a declined card with 402 and the decline message', async () => {
    const horse = await newHorse();
    const response = await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardDeclined));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      success: false,
      error: PAYMENT_MESSAGES.cardDeclined,
      message: PAYMENT_MESSAGES.failed,
    });
    expect(response.json().paymentIntentId).toMatch(/^pi_sandbox_/);
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('failed');
  });
});

describe('sandbox bank payments', () => {
  it('stays processing, then settles (on a status read)', async () => {
    const horse = await newHorse();
    const response = await pay(suite.t.app, suite.member, horse.id, bankPayment(M.bankSettles));
    expect(response.statusCode).toBe(200);
    const { paymentIntentId, paymentStatus, message } = response.json();
    expect(paymentStatus).toBe('processing');
    expect(message).toBe(PAYMENT_MESSAGES.bankProcessing);
    const row = await horseRow(suite.t.database.db, horse.id);
    expect(row.paymentStatus).toBe('processing');
    expect(row.paymentMode).toBe('Bank');
    expect((await statusOf(suite.t.app, suite.member, paymentIntentId)).json().paymentStatus).toBe(
      'processing',
    );
    await sleep(SETTLE_MS + 50);
    expect((await statusOf(suite.t.app, suite.member, paymentIntentId)).json().paymentStatus).toBe(
      'succeeded',
    );
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('paid');
  });

  it('settles through the sweep without anyone asking, and a failing account fails', async () => {
    const settles = await newHorse();
    const fails = await newHorse();
    await pay(suite.t.app, suite.member, settles.id, bankPayment(M.bankSettles));
    const failing = (
      await pay(suite.t.app, suite.member, fails.id, bankPayment(M.bankFails))
    ).json();
    expect(failing.paymentStatus).toBe('processing');
    // Processing is not an outcome: nobody is emailed until the debit settles or fails.
    const mailsBefore = (await mailsTo(MEMBER_A.email)).length;
    await sleep(SETTLE_MS + 50);
    await suite.t.app.sandboxSweeper?.sweep();
    const mails = (await mailsTo(MEMBER_A.email)).slice(mailsBefore).map((m) => m.subject);
    expect(mails).toHaveLength(2);
    expect(mails.some((subject) => subject.includes('payment received'))).toBe(true);
    expect(mails.some((subject) => subject.includes('payment failed'))).toBe(true);
    expect((await horseRow(suite.t.database.db, settles.id)).paymentStatus).toBe('paid');
    expect((await horseRow(suite.t.database.db, fails.id)).paymentStatus).toBe('failed');
    const [payment] = await paymentsOf(suite.t.database.db, fails.id);
    expect(payment).toMatchObject({
      status: 'failed',
      failureMessage: PAYMENT_MESSAGES.bankFailed,
    });
    const settled = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.settled'));
    // Each payment settled once, however many sweeps and reads raced for it.
    const forThese = settled.filter((a) => a.subject === settles.id || a.subject === fails.id);
    expect(forThese).toHaveLength(2);
  });

  it('a bank account verified by microdeposits waits in its own state: link emailed, no URL, not canceled after a day', async () => {
    const horse = await newHorse();
    const response = await pay(
      suite.t.app,
      suite.member,
      horse.id,
      bankPayment('pm_sandbox_bank_microdeposits_9991_abcdefgh1234'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paymentStatus: 'requires_action',
      nextAction: 'verify_with_microdeposits',
      url: null,
      message: PAYMENT_MESSAGES.bankVerificationEmailed,
    });
    const mail = (await mailsTo(MEMBER_A.email)).find((m) =>
      m.subject.includes('verify your bank account'),
    );
    expect(mail?.text).toMatch(/\/api\/sandbox\/payments\/pi_sandbox_[0-9a-f]+/);
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('requires_action');
    // The 24-hour job leaves it: microdeposits take business days.
    const deps = {
      db: suite.t.database.db,
      provider: createSandboxProvider({
        db: suite.t.database.db,
        publicUrl: 'http://registry.test',
        bankSettleMs: SETTLE_MS,
      }),
      publicUrl: 'http://registry.test',
      associationName: 'Test',
      log: suite.t.app.log,
    };
    expect(await cancelStaleIntents(deps, new Date(Date.now() + 3 * 24 * 60 * 60_000))).toBe(0);
    const [payment] = await paymentsOf(suite.t.database.db, horse.id);
    expect(payment?.status).toBe('requires_action');
  });
});
