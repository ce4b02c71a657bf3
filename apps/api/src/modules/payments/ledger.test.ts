import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LEDGER_MESSAGES, type LedgerEntry } from '@registry/domain';
import { auditLog, horses, payments, users } from '../../db/schema.js';
import { bearer } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  bankPayment,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  registerHorse,
  sandboxPayments,
} from '../../test/payment-fixtures.js';
import { EVERY_ACCOUNT, signedInSuite } from '../../test/signed-in-app.js';

// The office's payments ledger (docs/api.md "Payments ledger").
const suite = signedInSuite(EVERY_ACCOUNT, {
  publicUrl: 'http://registry.test',
  // Bank debits stay processing for the whole suite.
  payments: sandboxPayments(3_600_000),
});

let count = 0;
/** A registration of member A whose three names carry `tag`, so `q=tag` finds only its payments. */
function newHorse(tag: string) {
  count += 1;
  return registerHorse(suite.t.app, suite.t.database.db, suite.memberA, {
    firstChoice: `${tag} ${count} One`,
    secondChoice: `${tag} ${count} Two`,
    thirdChoice: `${tag} ${count} Three`,
  });
}

const get = (url: string, token = suite.admin) =>
  suite.t.app.inject({ method: 'GET', url, headers: bearer(token) });
const ledger = async (query: Record<string, string>) => {
  const response = await get(`/api/admin/payments?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { items: LedgerEntry[]; total: number };
};
const reverse = (paymentId: string, body: Record<string, unknown>, token = suite.admin) =>
  suite.t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/reverse`,
    headers: bearer(token),
    payload: body,
  });
const officePayment = (horseId: string, body: Record<string, unknown>) =>
  suite.t.app.inject({
    method: 'POST',
    url: `/api/admin/payment-process/${horseId}`,
    headers: bearer(suite.admin),
    payload: body,
  });
const auditsOf = (action: string, paymentId: string) =>
  suite.t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action)))
    .then((rows) => rows.filter((row) => row.details?.paymentId === paymentId));

async function paidHorse(tag: string, method: string = M.cardSucceeds) {
  const horse = await newHorse(tag);
  const answer = await pay(suite.t.app, suite.memberA, horse.id, cardPayment(method));
  expect(answer.statusCode).toBeLessThan(500);
  const [payment] = await paymentsOf(suite.t.database.db, horse.id);
  if (!payment) throw new Error('no payment');
  return { horse, payment };
}

async function memberA() {
  const [row] = await suite.t.database.db
    .select()
    .from(users)
    .where(eq(users.email, 'member1@example.org'));
  if (!row) throw new Error('member A missing');
  return row;
}

describe('the ledger lists every payment', () => {
  it('charges, office payments, refunds, failed and pending debits, and a withdrawn registration by name', async () => {
    const tag = 'Ledgerall';
    const card = await paidHorse(tag);
    const declined = await paidHorse(tag, M.cardDeclined);
    const waiting = await paidHorse(tag, M.cardRequiresAction);
    const bankHorse = await newHorse(tag);
    expect(
      (await pay(suite.t.app, suite.memberA, bankHorse.id, bankPayment(M.bankSettles))).statusCode,
    ).toBe(200);
    const officeHorse = await newHorse(tag);
    expect(
      (await officePayment(officeHorse.id, { method: 'check', reference: 'Check 1041' }))
        .statusCode,
    ).toBe(200);
    const refunded = await paidHorse(tag);
    expect(
      (await reverse(refunded.payment.id, { reason: 'Duplicate', status: 'succeeded' })).statusCode,
    ).toBe(200);
    // A member withdraws a paid, pending registration: the horse is gone, its payment is not.
    const withdrawn = await paidHorse(tag);
    const deleted = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/members/horses/${withdrawn.horse.id}`,
      headers: bearer(suite.memberA),
    });
    expect(deleted.statusCode).toBe(200);

    const { items, total } = await ledger({ q: tag, pageSize: '100' });
    expect(total).toBe(7);
    const byId = new Map(items.map((item) => [item.id, item]));
    const member = await memberA();
    expect(byId.get(card.payment.id)).toMatchObject({
      provider: 'sandbox',
      method: 'card',
      status: 'succeeded',
      amountCents: 3000,
      covers: 'registration',
      lines: [{ key: 'registration', label: 'Registration Fee', cents: 3000 }],
      payer: { id: member.id, email: member.email, memberNumber: member.memberNumber },
      recordedBy: null,
      horse: {
        id: card.horse.id,
        name: expect.stringContaining(card.horse.firstChoice),
        deleted: false,
      },
    });
    expect(byId.get(card.payment.id)?.providerPaymentId).toMatch(/^pi_sandbox_/);
    expect(byId.get(declined.payment.id)).toMatchObject({
      status: 'failed',
      failureMessage: expect.any(String),
    });
    expect(byId.get(waiting.payment.id)?.status).toBe('requires_action');
    const bank = items.find((item) => item.horse.id === bankHorse.id);
    expect(bank).toMatchObject({ method: 'bank', status: 'processing' });
    const office = items.find((item) => item.horse.id === officeHorse.id);
    expect(office).toMatchObject({
      provider: 'offline',
      method: 'check',
      status: 'succeeded',
      reference: 'Check 1041',
      recordedBy: { email: 'admin@test.org' },
    });
    expect(byId.get(refunded.payment.id)).toMatchObject({
      status: 'refunded',
      reversalReason: 'Duplicate',
    });
    expect(byId.get(withdrawn.payment.id)).toMatchObject({
      status: 'succeeded',
      amountCents: 3000,
      horse: {
        id: withdrawn.horse.id,
        name: withdrawn.horse.firstChoice,
        registrationNumber: null,
        deleted: true,
      },
    });
    // Newest first.
    const times = items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(items[0]?.id).toBe(withdrawn.payment.id);
    // Bounded pages.
    const page = await ledger({ q: tag, pageSize: '2', page: '2' });
    expect(page.items.map((item) => item.id)).toEqual(items.slice(2, 4).map((item) => item.id));
    expect(page.total).toBe(7);
    expect((await get('/api/admin/payments?pageSize=101')).statusCode).toBe(400);
  });
});

describe('filters and search', () => {
  it('by status, method, provider, dates and text; bad values are 400', async () => {
    const tag = 'Ledgerfilter';
    const card = await paidHorse(tag);
    const failed = await paidHorse(tag, M.cardDeclined);
    const officeHorse = await newHorse(tag);
    await officePayment(officeHorse.id, { method: 'cash', reference: 'Receipt QX-77' });
    const [cash] = await paymentsOf(suite.t.database.db, officeHorse.id);
    // The card payment was made long ago (the evening of 3 March 1999 in Chicago).
    await suite.t.database.db
      .update(payments)
      .set({ createdAt: new Date('1999-03-04T03:30:00Z') })
      .where(eq(payments.id, card.payment.id));

    const ids = async (query: Record<string, string>) =>
      (await ledger({ q: tag, ...query })).items.map((item) => item.id).sort();
    expect(await ids({ status: 'failed' })).toEqual([failed.payment.id]);
    expect(await ids({ method: 'cash' })).toEqual([cash?.id]);
    expect(await ids({ provider: 'offline' })).toEqual([cash?.id]);
    expect(await ids({ provider: 'sandbox' })).toEqual([card.payment.id, failed.payment.id].sort());
    expect(await ids({ status: '' })).toHaveLength(3);
    expect(await ids({ to: '1999-03-04' })).toEqual([card.payment.id]);
    expect(await ids({ from: '1999-03-04', to: '1999-03-04' })).toEqual([card.payment.id]);
    expect(await ids({ from: '1999-03-04', to: '1999-03-04', tz: 'America/Chicago' })).toEqual([]);
    expect(await ids({ from: '1999-03-03', to: '1999-03-03', tz: 'America/Chicago' })).toEqual([
      card.payment.id,
    ]);
    expect(await ids({ from: '2000-01-01' })).toEqual([cash?.id, failed.payment.id].sort());

    // Text: the office reference, the provider's id, the payer, the registration.
    expect((await ledger({ q: 'qx-77' })).items.map((item) => item.id)).toEqual([cash?.id]);
    const pi = card.payment.providerPaymentId ?? '';
    expect((await ledger({ q: pi })).items.map((item) => item.id)).toEqual([card.payment.id]);
    const member = await memberA();
    expect((await ledger({ q: member.email })).total).toBeGreaterThanOrEqual(3);
    expect((await ledger({ q: `${tag} ${count} Two` })).items.map((i) => i.id)).toEqual([cash?.id]);
    expect((await ledger({ q: '100%_\\' })).total).toBe(0);

    for (const bad of [
      'status=paid',
      'method=bitcoin',
      'provider=paypal',
      'from=1999-02-30',
      'to=yesterday',
      'from=2020-02-02&to=2020-02-01',
      'tz=Nowhere%2FBad',
      'tz=%27%3Bdrop',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await get(`/api/admin/payments?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('CSV export', () => {
  it('is the filtered ledger with a BOM, defused cells and the withdrawn name; audited', async () => {
    const tag = 'Ledgercsv';
    const officeHorse = await newHorse(tag);
    await officePayment(officeHorse.id, { method: 'check', reference: '=HYPERLINK("x")' });
    const withdrawn = await paidHorse(tag);
    await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/members/horses/${withdrawn.horse.id}`,
      headers: bearer(suite.memberA),
    });

    const response = await get(`/api/admin/payments/export.csv?q=${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="payments-/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      'paymentId,createdAt,updatedAt,status,provider,method,amount,feeLines,horse,registrationNumber,horseDeleted,payerName,payerEmail,payerMemberNumber,recordedBy,reference,providerPaymentId,failureMessage,reversalReason,refunded,disputeStatus,agreement',
    );
    expect(lines).toHaveLength(3);
    const withdrawnLine = lines.find((line) => line.startsWith(withdrawn.payment.id)) ?? '';
    expect(withdrawnLine).toContain(
      `,30.00,Registration Fee $30.00,${withdrawn.horse.firstChoice},,true,`,
    );
    expect(withdrawnLine).toContain('member1@example.org');
    expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);

    const filtered = await get(`/api/admin/payments/export.csv?q=${tag}&method=check`);
    expect(filtered.body.slice(1).trim().split('\n')).toHaveLength(2);
    expect((await get('/api/admin/payments/export.csv?status=nope')).statusCode).toBe(400);

    const audits = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.export'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.some((row) => row.details?.q === tag)).toBe(true);
  });
});

describe('reconciliation by day and method', () => {
  it('totals what went through, refunds and disputes on the days they happened', async () => {
    const tag = 'Ledgerrecon';
    const db = suite.t.database.db;
    const at = async (paymentId: string, createdAt: string, updatedAt = createdAt) =>
      db
        .update(payments)
        .set({ createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) })
        .where(eq(payments.id, paymentId));
    const a = await paidHorse(tag);
    const b = await paidHorse(tag);
    const c = await paidHorse(tag);
    const d = await paidHorse(tag);
    const failed = await paidHorse(tag, M.cardDeclined);
    const officeHorse = await newHorse(tag);
    await officePayment(officeHorse.id, { method: 'check', reference: '1' });
    const [check] = await paymentsOf(db, officeHorse.id);
    expect(
      (await reverse(c.payment.id, { reason: 'Asked back', status: 'succeeded' })).statusCode,
    ).toBe(200);
    await db.update(payments).set({ status: 'disputed' }).where(eq(payments.id, d.payment.id));

    await at(a.payment.id, '1998-06-01T15:00:00Z');
    await at(b.payment.id, '1998-06-01T16:00:00Z');
    // Made on 1 June, refunded on 3 June.
    await at(c.payment.id, '1998-06-01T17:00:00Z', '1998-06-03T10:00:00Z');
    // Made on 2 June, disputed on 3 June.
    await at(d.payment.id, '1998-06-02T10:00:00Z', '1998-06-03T11:00:00Z');
    await at(failed.payment.id, '1998-06-02T12:00:00Z');
    await at(check?.id ?? '', '1998-06-02T13:00:00Z');

    const response = await get('/api/admin/payments/reconciliation?from=1998-06-01&to=1998-06-30');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const zero = { refunds: 0, refundedCents: 0, disputes: 0, disputedCents: 0 };
    expect(data.rows).toEqual([
      { day: '1998-06-01', method: 'card', payments: 3, grossCents: 9000, ...zero, netCents: 9000 },
      { day: '1998-06-02', method: 'card', payments: 1, grossCents: 3000, ...zero, netCents: 3000 },
      {
        day: '1998-06-02',
        method: 'check',
        payments: 1,
        grossCents: 3000,
        ...zero,
        netCents: 3000,
      },
      {
        day: '1998-06-03',
        method: 'card',
        payments: 0,
        grossCents: 0,
        refunds: 1,
        refundedCents: 3000,
        disputes: 1,
        disputedCents: 3000,
        netCents: -6000,
      },
    ]);
    expect(data.totals).toEqual({
      payments: 5,
      grossCents: 15000,
      refunds: 1,
      refundedCents: 3000,
      disputes: 1,
      disputedCents: 3000,
      netCents: 9000,
    });
    expect(data.providerTotals).toMatchObject({ payments: 4, grossCents: 12000, netCents: 6000 });
    expect(data).toMatchObject({ from: '1998-06-01', to: '1998-06-30', timeZone: 'UTC' });

    // Days are the office's: in Tokyo (UTC+9) the 1 June payments were made on 2 June.
    const tokyo = await get(
      '/api/admin/payments/reconciliation?from=1998-06-02&to=1998-06-02&tz=Asia/Tokyo',
    );
    expect(tokyo.statusCode).toBe(200);
    expect(tokyo.json().data.rows.map((row: { method: string }) => row.method)).toEqual([
      'card',
      'check',
    ]);
    expect(tokyo.json().data.totals).toMatchObject({
      payments: 5,
      grossCents: 15000,
      refunds: 0,
      disputes: 0,
    });

    for (const bad of [
      '',
      'from=1998-06-01',
      'from=1998-06-02&to=1998-06-01',
      'from=1990-01-01&to=1998-01-01',
      'from=1998-06-01&to=1998-06-02&tz=Mars/Base',
    ]) {
      expect((await get(`/api/admin/payments/reconciliation?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('refund, void or cancel from the ledger', () => {
  it('refunds a provider payment, voids an office one, cancels one waiting for the payer', async () => {
    const tag = 'Ledgerreverse';
    const card = await paidHorse(tag);
    const refund = await reverse(card.payment.id, { reason: 'Withdrawn', status: 'succeeded' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({
      success: true,
      message: 'Payment refunded',
      data: {
        reversal: 'refunded',
        payment: { id: card.payment.id, status: 'refunded', reversalReason: 'Withdrawn' },
      },
    });
    expect((await horseRow(suite.t.database.db, card.horse.id)).paymentStatus).toBe('refunded');
    const [refundAudit] = await auditsOf('payment.refunded', card.payment.id);
    expect(refundAudit?.details).toMatchObject({ reason: 'Withdrawn', source: 'admin' });

    const officeHorse = await newHorse(tag);
    await officePayment(officeHorse.id, { method: 'cash' });
    const [cash] = await paymentsOf(suite.t.database.db, officeHorse.id);
    const voided = await reverse(cash?.id ?? '', { reason: 'Recorded twice', status: 'succeeded' });
    expect(voided.json()).toMatchObject({ data: { reversal: 'voided' } });
    expect(await horseRow(suite.t.database.db, officeHorse.id)).toMatchObject({
      paymentStatus: 'unpaid',
      paymentMode: null,
    });

    const waiting = await paidHorse(tag, M.cardRequiresAction);
    const canceled = await reverse(waiting.payment.id, {
      reason: 'Member lost the card',
      status: 'requires_action',
    });
    expect(canceled.json()).toMatchObject({
      message: LEDGER_MESSAGES.canceled,
      data: { reversal: 'canceled', payment: { status: 'canceled' } },
    });
    expect((await horseRow(suite.t.database.db, waiting.horse.id)).paymentStatus).toBe('unpaid');
  });

  it('refuses a payment that changed since the office looked (409 with its status now)', async () => {
    const tag = 'Ledgerstale';
    const card = await paidHorse(tag);
    // The office saw it waiting for the payer; it has gone through since.
    const stale = await reverse(card.payment.id, { reason: 'x', status: 'requires_action' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      error: LEDGER_MESSAGES.changed,
      currentStatus: 'succeeded',
    });
    expect((await paymentsOf(suite.t.database.db, card.horse.id))[0]?.status).toBe('succeeded');
    expect(await auditsOf('payment.refunded', card.payment.id)).toHaveLength(0);

    // Nothing to undo on a failed payment; unknown ids are 404; a reason and status are needed.
    const failed = await paidHorse(tag, M.cardDeclined);
    const nothing = await reverse(failed.payment.id, { reason: 'x', status: 'failed' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ currentStatus: 'failed' });
    const bankHorse = await newHorse(tag);
    await pay(suite.t.app, suite.memberA, bankHorse.id, bankPayment(M.bankSettles));
    const [debit] = await paymentsOf(suite.t.database.db, bankHorse.id);
    expect((await reverse(debit?.id ?? '', { reason: 'x', status: 'processing' })).statusCode).toBe(
      409,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await reverse(unknown, { reason: 'x', status: 'succeeded' })).statusCode).toBe(404);
    expect((await reverse('not-an-id', { reason: 'x', status: 'succeeded' })).statusCode).toBe(404);
    expect((await reverse(card.payment.id, { status: 'succeeded' })).statusCode).toBe(400);
    expect((await reverse(card.payment.id, { reason: '  ', status: 'succeeded' })).statusCode).toBe(
      400,
    );
    expect((await reverse(card.payment.id, { reason: 'x' })).statusCode).toBe(400);
    expect((await reverse(card.payment.id, { reason: 'x', status: 'paid' })).statusCode).toBe(400);
  });

  it('two racing refunds of one payment refund it once', async () => {
    const card = await paidHorse('Ledgerrace');
    const body = { reason: 'Refund', status: 'succeeded' };
    const answers = await Promise.all([
      reverse(card.payment.id, body),
      reverse(card.payment.id, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json()).toMatchObject({ currentStatus: 'refunded' });
    expect(await auditsOf('payment.refunded', card.payment.id)).toHaveLength(1);
  });

  it('refunding only the difference after an edit leaves the registration paid and the difference owed', async () => {
    const { horse, payment: first } = await paidHorse('Ledgertwo');
    const db = suite.t.database.db;
    // An edit chose performance verification: $20 more is owed (what followFees does).
    await db
      .update(horses)
      .set({
        details: { ...horse.details, performanceVerification: 'Yes' },
        paymentStatus: 'unpaid',
      })
      .where(eq(horses.id, horse.id));
    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(200);
    const second = (await paymentsOf(db, horse.id)).find((row) => row.id !== first.id);
    expect(second).toMatchObject({ covers: 'verification', amountCents: 2000 });
    expect((await horseRow(db, horse.id)).paymentStatus).toBe('paid');

    const refund = await reverse(second?.id ?? '', {
      reason: 'Verification dropped',
      status: 'succeeded',
    });
    expect(refund.statusCode).toBe(200);
    // The $30 registration still stands; the $20 is owed again (as after the edit).
    expect((await horseRow(db, horse.id)).paymentStatus).toBe('unpaid');
    const rows = await paymentsOf(db, horse.id);
    expect(rows.find((row) => row.id === first.id)?.status).toBe('succeeded');
    // Paying again charges the difference only.
    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(200);
    expect((await horseRow(db, horse.id)).paymentStatus).toBe('paid');
    const third = (await paymentsOf(db, horse.id)).find(
      (row) => row.id !== first.id && row.id !== second?.id,
    );
    expect(third).toMatchObject({ covers: 'verification', amountCents: 2000 });

    // Refunding the registration while the verification stays paid: the registration is owed.
    expect(
      (await reverse(first.id, { reason: 'Registration refunded', status: 'succeeded' }))
        .statusCode,
    ).toBe(200);
    expect((await horseRow(db, horse.id)).paymentStatus).toBe('unpaid');
  });
});

describe('access', () => {
  it('is for administrators only', async () => {
    const { payment } = await paidHorse('Ledgeraccess');
    for (const url of [
      '/api/admin/payments',
      '/api/admin/payments/export.csv',
      '/api/admin/payments/reconciliation?from=2020-01-01&to=2020-01-02',
    ]) {
      expect((await get(url, suite.memberA)).statusCode, url).toBe(403);
      expect((await suite.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const asMember = await reverse(payment.id, { reason: 'x', status: 'succeeded' }, suite.memberA);
    expect(asMember.statusCode).toBe(403);
    expect((await paymentsOf(suite.t.database.db, payment.horseId ?? '')).at(0)?.status).toBe(
      'succeeded',
    );
  });
});
