import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { MEMBER_TRANSFER_MESSAGES, type TransferSettings } from '@registry/domain';
import {
  auditLog,
  horses,
  horseTransfers,
  mailOutbox,
  ownershipTransfers,
  payments,
  users,
} from '../../db/schema.js';
import { ADMIN, MEMBER_A, MEMBER_B, bearer, login, type TestApp } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import { SIGNATURE_DATA_URL, editOf, sendForm, validEditValues } from '../../test/multipart.js';
import {
  bankPayment,
  cardPayment,
  sandboxPayments,
  SANDBOX_METHODS,
} from '../../test/payment-fixtures.js';
import { EVERY_ACCOUNT, createSignedInApp } from '../../test/signed-in-app.js';
import { asReviewed } from '../../test/reviewed.js';
import { hashPassword } from '../auth/passwords.js';

let t: TestApp;
let admin: string;
let seller: string;
let buyer: string;
let sellerId: string;
let buyerId: string;
beforeAll(async () => {
  ({
    t,
    admin,
    memberA: seller,
    memberB: buyer,
  } = await createSignedInApp(EVERY_ACCOUNT, {
    payments: sandboxPayments(50),
  }));
  [sellerId, buyerId] = await Promise.all([
    userId(t.database.db, MEMBER_A.email),
    userId(t.database.db, MEMBER_B.email),
  ]);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'user-agent': 'TransfersTest/1.0' },
    ...(payload ? { payload } : {}),
  });

const settings = (value: TransferSettings) =>
  call('PUT', '/api/admin/settings/transfers', admin, value);

let count = 0;
/** An approved horse of member A. */
async function approvedHorse(token = seller): Promise<string> {
  count += 1;
  const row = await registerThroughApi(t.app, t.database.db, token, {
    firstChoice: `Transfer Test ${count} One`,
    secondChoice: `Transfer Test ${count} Two`,
    thirdChoice: `Transfer Test ${count} Three`,
  });
  await t.database.db.update(horses).set({ paymentStatus: 'paid' }).where(eq(horses.id, row.id));
  const url = `/api/admin/approve-horse/${row.id}`;
  const approved = await t.app.inject({
    method: 'PUT',
    url,
    headers: bearer(admin),
    payload: await asReviewed(t.database.db, url, { action: 'approve' }),
  });
  expect(approved.statusCode).toBe(200);
  return row.id;
}

const start = (horseId: string, extra: Json = {}, token = seller) =>
  call('POST', '/api/members/transfers', token, {
    horseId,
    buyer: 'M-0002',
    saleDate: '2026-11-20',
    sellerSignature: SIGNATURE_DATA_URL,
    ...extra,
  });

async function transferRow(id: string) {
  const [row] = await t.database.db.select().from(horseTransfers).where(eq(horseTransfers.id, id));
  if (!row) throw new Error('no transfer');
  return row;
}

const accept = async (id: string, token = buyer) =>
  call('POST', `/api/members/transfers/${id}/accept`, token, {
    buyerSignature: SIGNATURE_DATA_URL,
    version: (await transferRow(id)).version,
  });

/** The transfer fee paid by `token` (the payer, or the party the test checks is refused). */
const payFee = (id: string, token: string, payment: Json) =>
  call('POST', `/api/members/transfers/${id}/pay`, token, payment);

async function decide(id: string, action: 'approve' | 'reject', extra: Json = {}) {
  const row = await transferRow(id);
  const [horse] = await t.database.db.select().from(horses).where(eq(horses.id, row.horseId));
  return call('PUT', `/api/admin/member-transfers/${id}`, admin, {
    action,
    version: row.version,
    horseVersion: horse!.version,
    ...extra,
  });
}

async function ownerOf(horseId: string) {
  const [row] = await t.database.db.select().from(horses).where(eq(horses.id, horseId));
  return row!;
}

async function mailsTo(email: string, about: string) {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.filter((row) => row.subject.includes(about) || row.text.includes(about));
}

const nameOf = async (horseId: string) => {
  const row = await ownerOf(horseId);
  return row.approvedName ?? row.firstChoice;
};

describe('member transfers: the whole flow', () => {
  it('seller starts and signs, buyer accepts and pays, office approves: owner, certificate, lists, history', async () => {
    expect(
      (await settings({ feeCents: 2500, payer: 'buyer', autoApprove: false })).statusCode,
    ).toBe(200);
    const horseId = await approvedHorse();
    const before = await ownerOf(horseId);
    const name = await nameOf(horseId);

    const started = await start(horseId);
    expect(started.statusCode).toBe(201);
    expect(started.json().message).toBe(MEMBER_TRANSFER_MESSAGES.started);
    const transfer = started.json().data;
    expect(transfer).toMatchObject({
      status: 'awaiting_buyer',
      role: 'seller',
      feeCents: 2500,
      feePayer: 'buyer',
      buyer: { id: buyerId, memberNumber: 'M-0002' },
      seller: { id: sellerId },
      saleDate: '2026-11-20',
    });
    expect(await mailsTo(MEMBER_B.email, name)).toHaveLength(1);

    // Both see it in their lists, with their own role.
    const mine = await call('GET', '/api/members/transfers', buyer);
    expect(mine.json().data.transfers.find((x: Json) => x.id === transfer.id)).toMatchObject({
      role: 'buyer',
    });
    expect(mine.json().data.terms).toEqual({ feeCents: 2500, payer: 'buyer' });

    // The seller cannot pay (the buyer pays) nor accept; nothing is due before the buyer signs.
    expect((await accept(transfer.id, seller)).statusCode).toBe(403);
    const early = await payFee(transfer.id, buyer, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(early.statusCode).toBe(409);

    const accepted = await accept(transfer.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.status).toBe('awaiting_payment');
    expect(await mailsTo(MEMBER_A.email, `${name}: accepted`)).toHaveLength(1);
    expect((await mailsTo(MEMBER_B.email, 'transfer fee')).length).toBeGreaterThan(0);

    const bySeller = await payFee(transfer.id, seller, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(bySeller.statusCode).toBe(403);
    const paid = await payFee(transfer.id, buyer, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      paymentStatus: 'succeeded',
      message: MEMBER_TRANSFER_MESSAGES.feePaid,
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.transferId, transfer.id));
    expect(payment).toMatchObject({
      amountCents: 2500,
      payerId: buyerId,
      horseId: null,
      status: 'succeeded',
    });
    // The registration's payment status is not the transfer's.
    expect((await ownerOf(horseId)).paymentStatus).toBe('paid');
    // My payments and the ledger name the horse of the transfer and the Transfer Fee line.
    const paidByMe = (await call('GET', '/api/members/payments', buyer)).json().data as Json[];
    expect(paidByMe.find((entry) => entry.id === payment!.id)).toMatchObject({
      horse: { id: null, name, deleted: false },
      lines: [{ label: 'Transfer Fee', cents: 2500 }],
    });
    const ledger = (await call('GET', '/api/admin/payments?pageSize=100', admin)).json().data
      .items as Json[];
    expect(ledger.find((entry) => entry.id === payment!.id)).toMatchObject({
      horse: { id: horseId, name, deleted: false },
    });
    expect((await transferRow(transfer.id)).status).toBe('awaiting_office');
    // The menu's count of waiting work includes it.
    const waiting = await call('GET', '/api/admin/waiting-work', admin);
    expect(waiting.json().data.memberTransfers).toBe(1);

    // The office's queue shows it, with both signatures and the payment.
    const queue = await call('GET', '/api/admin/member-transfers', admin);
    expect(queue.json().data.map((x: Json) => x.id)).toContain(transfer.id);
    const review = (await call('GET', `/api/admin/member-transfers/${transfer.id}`, admin)).json()
      .data;
    expect(review).toMatchObject({
      sellerSignature: SIGNATURE_DATA_URL,
      buyerSignature: SIGNATURE_DATA_URL,
      payment: { status: 'succeeded', amountCents: 2500 },
    });

    const approved = await decide(transfer.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');

    const after = await ownerOf(horseId);
    expect(after.ownerId).toBe(buyerId);
    expect(after.ownerEpoch).toBe(before.ownerEpoch + 1);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.details.owners[0]?.memberNum).toBe('M-0002');
    // Both members' lists changed.
    expect((await call('GET', `/api/members/horses/${horseId}`, buyer)).statusCode).toBe(200);
    expect((await call('GET', `/api/members/horses/${horseId}`, seller)).statusCode).toBe(404);
    // The history keeps seller, buyer, sale date and both signatures.
    const row = await transferRow(transfer.id);
    expect(row).toMatchObject({
      sellerId,
      buyerId,
      saleDate: '2026-11-20',
      sellerSignature: SIGNATURE_DATA_URL,
      buyerSignature: SIGNATURE_DATA_URL,
    });
    const [history] = await t.database.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.id, row.ownershipTransferId!));
    expect(history).toMatchObject({ fromOwnerId: sellerId, toOwnerId: buyerId });
    expect(history?.note).toContain('2026-11-20');
    const steps = row.events.map((event) => event.step);
    expect(steps).toEqual(['started', 'accepted', 'paid', 'approved']);
    // The audit trail: each step, who took it and from where (the payment's has no address).
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, horseId), like(auditLog.action, 'transfer.%')))
      .orderBy(auditLog.id);
    const adminId = await userId(t.database.db, ADMIN.email);
    expect(trail.map(({ action, success, actorId, ip }) => [action, success, actorId, ip])).toEqual(
      [
        ['transfer.start', true, sellerId, '127.0.0.1'],
        ['transfer.accept', true, buyerId, '127.0.0.1'],
        ['transfer.paid', true, buyerId, null],
        ['transfer.approve', true, adminId, '127.0.0.1'],
      ],
    );
    // Both were told: the office transfer's mails.
    expect((await mailsTo(MEMBER_B.email, `ownership of ${name}`)).length).toBe(1);
    expect((await mailsTo(MEMBER_A.email, `ownership of ${name}`)).length).toBe(1);
  });

  it('a fee of 0 goes straight to the office; rejecting needs a reason and keeps the owner', async () => {
    await settings({ feeCents: 0, payer: 'seller', autoApprove: false });
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    expect(transfer.feeCents).toBe(0);
    const accepted = await accept(transfer.id);
    expect(accepted.json().data.status).toBe('awaiting_office');
    expect((await decide(transfer.id, 'reject')).statusCode).toBe(400);
    const rejected = await decide(transfer.id, 'reject', { reason: 'Papers missing' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Papers missing' });
    expect((await ownerOf(horseId)).ownerId).toBe(sellerId);
    // Closed: no further step.
    expect(
      (await call('POST', `/api/members/transfers/${transfer.id}/cancel`, seller, {})).statusCode,
    ).toBe(409);
  });

  it('the seller pays when the association says so, and a paid transfer approves itself when set to', async () => {
    await settings({ feeCents: 1500, payer: 'seller', autoApprove: true });
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    await accept(transfer.id);
    const byBuyer = await payFee(transfer.id, buyer, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(byBuyer.statusCode).toBe(403);
    // A bank debit: processing, then settled by the sandbox sweep, which approves it.
    const paid = await payFee(transfer.id, seller, bankPayment(SANDBOX_METHODS.bankSettles));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentStatus).toBe('processing');
    expect((await transferRow(transfer.id)).status).toBe('awaiting_payment');
    // A second payment of the same fee is refused while the first is under way.
    const again = await payFee(transfer.id, seller, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(again.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await t.app.sandboxSweeper!.sweep();
    const row = await transferRow(transfer.id);
    expect(row.status).toBe('approved');
    expect(row.decidedById).toBeNull();
    expect(row.events.map((e) => e.step)).toEqual([
      'started',
      'accepted',
      'paid',
      'approved-automatically',
    ]);
    expect((await ownerOf(horseId)).ownerId).toBe(buyerId);
  });

  it('a fee payment waiting for 3-D Secure blocks another until the payer pays another way', async () => {
    await settings({ feeCents: 2500, payer: 'buyer', autoApprove: false });
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    await accept(transfer.id);
    const pay = (method: string) => payFee(transfer.id, buyer, cardPayment(method));
    const waiting = await pay(SANDBOX_METHODS.cardRequiresAction);
    expect(waiting.json().paymentStatus).toBe('requires_action');
    expect((await pay(SANDBOX_METHODS.cardSucceeds)).statusCode).toBe(409);
    // Money may still move: neither party can cancel the transfer meanwhile.
    const cancel = await call('POST', `/api/members/transfers/${transfer.id}/cancel`, seller, {});
    expect(cancel.json().error).toBe(MEMBER_TRANSFER_MESSAGES.paymentUnderWay);
    // Only the payer's waiting payment is theirs to cancel.
    const cancelPayment = (token: string) =>
      call('POST', `/api/members/transfers/${transfer.id}/pay/cancel`, token);
    expect((await cancelPayment(seller)).statusCode).toBe(409);
    expect((await cancelPayment(buyer)).statusCode).toBe(200);
    const paid = await pay(SANDBOX_METHODS.cardSucceeds);
    expect(paid.json().paymentStatus).toBe('succeeded');
    expect((await transferRow(transfer.id)).status).toBe('awaiting_office');
  });

  it('auto-approval with no fee approves at acceptance', async () => {
    await settings({ feeCents: 0, payer: 'buyer', autoApprove: true });
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    const accepted = await accept(transfer.id);
    expect(accepted.json().data.status).toBe('approved');
    expect((await ownerOf(horseId)).ownerId).toBe(buyerId);
  });
});

describe('member transfers: cancel, decline, one open transfer, locks', () => {
  beforeAll(async () => {
    await settings({ feeCents: 2500, payer: 'buyer', autoApprove: false });
  });

  it('either party can cancel before the office decides; the other is emailed', async () => {
    const horseId = await approvedHorse();
    const name = await nameOf(horseId);
    const first = (await start(horseId)).json().data;
    const bySeller = await call('POST', `/api/members/transfers/${first.id}/cancel`, seller, {
      reason: 'Changed my mind',
    });
    expect(bySeller.statusCode).toBe(200);
    expect(bySeller.json().data.status).toBe('cancelled');
    expect(await mailsTo(MEMBER_B.email, `${name}: cancelled`)).toHaveLength(1);

    const second = (await start(horseId)).json().data;
    await accept(second.id);
    const byBuyer = await call('POST', `/api/members/transfers/${second.id}/cancel`, buyer, {});
    expect(byBuyer.statusCode).toBe(200);
    expect(await mailsTo(MEMBER_A.email, `${name}: cancelled`)).toHaveLength(1);

    const third = (await start(horseId)).json().data;
    const declined = await call('POST', `/api/members/transfers/${third.id}/decline`, buyer, {});
    expect(declined.json().data.status).toBe('declined');
    expect(await mailsTo(MEMBER_A.email, `${name}: declined`)).toHaveLength(1);
    // The seller cannot decline; nobody else sees it.
    const fourth = (await start(horseId)).json().data;
    expect(
      (await call('POST', `/api/members/transfers/${fourth.id}/decline`, seller, {})).statusCode,
    ).toBe(409);
    expect((await call('GET', `/api/members/transfers/${fourth.id}`, admin)).statusCode).toBe(403);
  });

  it('a horse has at most one open transfer, even when two starts race', async () => {
    const horseId = await approvedHorse();
    const answers = await Promise.all([start(horseId), start(horseId), start(horseId)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error).toBe(MEMBER_TRANSFER_MESSAGES.alreadyOpen);
    const open = await t.database.db
      .select()
      .from(horseTransfers)
      .where(eq(horseTransfers.horseId, horseId));
    expect(open).toHaveLength(1);
  });

  it('an acceptance racing a cancellation: one of them wins, the other is refused', async () => {
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    const [accepted, cancelled] = await Promise.all([
      accept(transfer.id),
      call('POST', `/api/members/transfers/${transfer.id}/cancel`, seller, { version: 1 }),
    ]);
    expect([accepted.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const row = await transferRow(transfer.id);
    expect(row.version).toBe(2);
    expect(['awaiting_payment', 'cancelled']).toContain(row.status);
  });

  it('the seller cannot edit the horse while a transfer is open; the office cannot bypass it', async () => {
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    const values = validEditValues({ color: 'Black' });
    const edit = await sendForm(t.app, seller, editOf(horseId), values, []);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(MEMBER_TRANSFER_MESSAGES.horseLocked);
    const url = '/api/admin/transfer-horse-ownership';
    const office = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: await asReviewed(t.database.db, url, { horseId, newOwnerId: buyerId }),
    });
    expect(office.statusCode).toBe(409);
    await call('POST', `/api/members/transfers/${transfer.id}/cancel`, seller, {});
    const later = await sendForm(t.app, seller, editOf(horseId), values, []);
    expect(later.statusCode).toBe(200);
  });

  it('refuses what is not the seller’s to start', async () => {
    const horseId = await approvedHorse();
    expect((await start(horseId, {}, buyer)).statusCode).toBe(404);
    expect((await start(horseId, { buyer: 'M-9999' })).json().fields.buyer).toBe(
      MEMBER_TRANSFER_MESSAGES.buyerNotFound,
    );
    expect((await start(horseId, { buyer: MEMBER_A.email })).json().fields.buyer).toBe(
      MEMBER_TRANSFER_MESSAGES.buyerIsSeller,
    );
    expect((await start(horseId, { buyer: 'admin@test.org' })).json().fields.buyer).toBe(
      MEMBER_TRANSFER_MESSAGES.buyerIsOffice,
    );
    expect((await start(horseId, { saleDate: '2999-01-01' })).statusCode).toBe(400);
    expect((await start(horseId, { sellerSignature: '' })).statusCode).toBe(400);
    const pending = await registerThroughApi(t.app, t.database.db, seller, {
      firstChoice: 'Not Yet Approved One',
      secondChoice: 'Not Yet Approved Two',
      thirdChoice: 'Not Yet Approved Three',
    });
    expect((await start(pending.id)).json().error).toBe(MEMBER_TRANSFER_MESSAGES.notApproved);
  });
});

describe('member transfers: an invited buyer, and the office deciding on what it saw', () => {
  beforeAll(async () => {
    await settings({ feeCents: 0, payer: 'buyer', autoApprove: false });
  });

  it('a non-member is invited by email and finds the transfer once a member under that address', async () => {
    const horseId = await approvedHorse();
    const started = await start(horseId, { buyer: 'New.Buyer@Example.org' });
    expect(started.statusCode).toBe(201);
    expect(started.json().message).toBe(MEMBER_TRANSFER_MESSAGES.invited);
    expect(started.json().data.buyer).toMatchObject({ id: null, email: 'new.buyer@example.org' });
    const invitation = await mailsTo('new.buyer@example.org', 'invited');
    expect(invitation).toHaveLength(1);

    // The office makes the membership; the new member signs in.
    const created = await call('POST', '/api/admin/members', admin, {
      email: 'new.buyer@example.org',
      firstName: 'Nova',
      lastName: 'Buyer',
    });
    expect(created.statusCode).toBe(201);
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('new-buyer-password-1') })
      .where(eq(users.email, 'new.buyer@example.org'));
    const newcomer = await login(t.app, {
      email: 'new.buyer@example.org',
      password: 'new-buyer-password-1',
    });
    const list = (await call('GET', '/api/members/transfers', newcomer)).json().data.transfers;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ role: 'buyer', buyer: { name: 'Nova Buyer' } });
    const accepted = await accept(list[0].id, newcomer);
    expect(accepted.json().data.status).toBe('awaiting_office');
    expect((await decide(list[0].id, 'approve')).statusCode).toBe(200);
    expect((await ownerOf(horseId)).ownerId).toBe(
      await userId(t.database.db, 'new.buyer@example.org'),
    );
  });

  it('a decision on an older version is 409 with what changed; two offices racing: one wins', async () => {
    const horseId = await approvedHorse();
    const transfer = (await start(horseId)).json().data;
    const seen = await transferRow(transfer.id);
    const horse = await ownerOf(horseId);
    await accept(transfer.id);
    const stale = await call('PUT', `/api/admin/member-transfers/${transfer.id}`, admin, {
      action: 'approve',
      version: seen.version,
      horseVersion: horse.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.currentVersion).toBe(seen.version + 1);
    expect(stale.json().conflict.changes).toContainEqual({
      field: 'Transfer status',
      from: 'Waiting for the buyer',
      to: 'Waiting for the registry office',
    });
    // No version named: 428.
    const unnamed = await call('PUT', `/api/admin/member-transfers/${transfer.id}`, admin, {
      action: 'approve',
      horseVersion: horse.version,
    });
    expect(unnamed.statusCode).toBe(428);

    const current = await transferRow(transfer.id);
    const body = { action: 'approve', version: current.version, horseVersion: horse.version };
    const [one, two] = await Promise.all([
      call('PUT', `/api/admin/member-transfers/${transfer.id}`, admin, body),
      call('PUT', `/api/admin/member-transfers/${transfer.id}`, admin, {
        ...body,
        action: 'reject',
        reason: 'Duplicate',
      }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const histories = await t.database.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.horseId, horseId));
    expect(histories.length).toBeLessThanOrEqual(1);
  });

  it('members cannot use the office routes', async () => {
    expect((await call('GET', '/api/admin/member-transfers', seller)).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/api/admin/settings/transfers', seller, {
          feeCents: 0,
          payer: 'buyer',
          autoApprove: true,
        })
      ).statusCode,
    ).toBe(403);
    const bad = await settings({ feeCents: -1, payer: 'buyer', autoApprove: false });
    expect(bad.statusCode).toBe(400);
  });
});
