import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emptyParent, ADMIN_MESSAGES, CHANGE_REQUEST_MESSAGES } from '@registry/domain';
import { horseChangeRequests, horses, payments } from '../../db/schema.js';
import { bearer, login, ADMIN, type TestApp } from '../../test/harness.js';
import { createSandboxApp } from '../../test/payment-apps.js';
import {
  SANDBOX_METHODS,
  cardPayment,
  horseRow,
  pay,
  registerHorse,
} from '../../test/payment-fixtures.js';
import { SAMPLE_BYTES, editOf, sendForm, upload, validEditValues } from '../../test/multipart.js';
import { demoMemberIds } from '../../test/signed-in-app.js';

/*
 * Issue 28 §2 and §3: a decision binds to the version the office reviewed, and fees follow
 * the member's edits until approval.
 */

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  ({ t, member } = await createSandboxApp(300));
  admin = await login(t.app, ADMIN, 'admin');
});
afterAll(() => t.close());

let count = 0;
function names() {
  count += 1;
  return {
    firstChoice: `Reviewed ${count} One`,
    secondChoice: `Reviewed ${count} Two`,
    thirdChoice: `Reviewed ${count} Three`,
  };
}

const sireNamed = (name: string) => JSON.stringify({ ...emptyParent(), name, reg: 'GHR-1' });

const opened = async (id: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/horses/${id}`,
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { version: number; sire: { name: string } };
};
const decide = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/approve-horse/${id}`,
    headers: { ...bearer(admin), ...headers },
    payload: body,
  });
const markPaid = (id: string) =>
  t.database.db.update(horses).set({ paymentStatus: 'paid' }).where(eq(horses.id, id));

describe('a registration decision names the version the office reviewed', () => {
  it('the owner swaps the sire after the office opened it: approval is 409 with the change, nothing is issued; a second look approves what was seen', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    await markPaid(row.id);
    const reviewed = await opened(row.id);
    expect(reviewed.sire.name).toBe('Midnight Sun');

    const edited = await sendForm(
      t.app,
      member,
      editOf(row.id),
      validEditValues({ sire: sireNamed('Forged Champion') }),
      [],
    );
    expect(edited.statusCode).toBe(200);

    const refused = await decide(row.id, { action: 'approve', version: reviewed.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.changedSinceReviewed);
    expect(refused.json().conflict.currentVersion).toBe(reviewed.version + 1);
    expect(refused.json().conflict.changes).toContainEqual({
      field: 'sire.name',
      from: 'Midnight Sun',
      to: 'Forged Champion',
    });
    const after = await horseRow(t.database.db, row.id);
    expect(after).toMatchObject({ approvalStatus: 'pending', registrationNumber: null });

    // A rejection made on the old version is refused the same way.
    const reject = await decide(row.id, {
      action: 'reject',
      reason: 'Papers unreadable',
      version: reviewed.version,
    });
    expect(reject.statusCode).toBe(409);

    const again = await opened(row.id);
    expect(again.sire.name).toBe('Forged Champion');
    const approved = await decide(row.id, { action: 'approve', version: again.version });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.sire.name).toBe('Forged Champion');
  });

  it('a decision without a version is 428; If-Match names it as well', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    await markPaid(row.id);
    const missing = await decide(row.id, { action: 'approve' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json().error).toBe(ADMIN_MESSAGES.versionRequired);
    const stale = await decide(row.id, { action: 'approve' }, { 'if-match': '"99"' });
    expect(stale.statusCode).toBe(409);
    const { version } = await opened(row.id);
    const approved = await decide(row.id, { action: 'approve' }, { 'if-match': `"${version}"` });
    expect(approved.statusCode).toBe(200);
  });

  it('two office users deciding on the same version: one decision is taken, the other is told', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    await markPaid(row.id);
    const { version } = await opened(row.id);
    const answers = await Promise.all([
      decide(row.id, { action: 'approve', version }),
      decide(row.id, { action: 'reject', reason: 'Duplicate', version }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('a transfer made on an older version is 409 and moves nothing', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    const { version } = await opened(row.id);
    await sendForm(t.app, member, editOf(row.id), validEditValues({ color: 'Gray' }), []);
    const [, memberB] = await demoMemberIds(t.database.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/transfer-horse-ownership',
      headers: bearer(admin),
      payload: { horseId: row.id, newOwnerId: memberB, version },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflict.changes).toContainEqual({
      field: 'color',
      from: 'Bay',
      to: 'Gray',
    });
    expect((await horseRow(t.database.db, row.id)).ownerId).toBe(row.ownerId);
  });
});

describe('a change request decision names the version of the request', () => {
  it('the owner replaces the request after the office read it: 409 with what changed; the second look applies the new text', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    await markPaid(row.id);
    const { version } = await opened(row.id);
    expect((await decide(row.id, { action: 'approve', version })).statusCode).toBe(200);

    await sendForm(t.app, member, editOf(row.id), validEditValues({ color: 'Gray' }), []);
    const [read] = await t.database.db
      .select()
      .from(horseChangeRequests)
      .where(eq(horseChangeRequests.horseId, row.id));
    if (!read) throw new Error('no change request');
    await sendForm(t.app, member, editOf(row.id), validEditValues({ color: 'Palomino' }), []);

    const url = `/api/admin/change-requests/${read.id}`;
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin),
      payload: { action: 'approve', version: read.version },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CHANGE_REQUEST_MESSAGES.changedSinceReviewed);
    expect(refused.json().conflict).toEqual({
      currentVersion: read.version + 1,
      changes: [{ field: 'color', from: 'Gray', to: 'Palomino' }],
    });
    expect((await horseRow(t.database.db, row.id)).color).toBe('Bay');

    const approved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin),
      payload: { action: 'approve', version: read.version + 1 },
    });
    expect(approved.statusCode).toBe(200);
    expect((await horseRow(t.database.db, row.id)).color).toBe('Palomino');
  });
});

describe('fees follow the edits before approval', () => {
  it('verification chosen after paying $30: unpaid again, approval waits, the member pays only the $20 verification fee', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    const paid = await pay(t.app, member, row.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(paid.statusCode).toBe(200);
    expect((await horseRow(t.database.db, row.id)).paymentStatus).toBe('paid');

    const edited = await sendForm(
      t.app,
      member,
      editOf(row.id),
      validEditValues({
        performanceVerification: 'Yes',
        performanceLink: 'https://example.org/ride',
      }),
      [['performanceDocument', upload('ride.mp4', SAMPLE_BYTES.mp4(), 'video/mp4')]],
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      paymentStatus: 'unpaid',
      feesPaid: ['registration'],
    });

    // The office cannot approve with VERIFIED on $30 (the override exists, and is logged).
    const { version } = await opened(row.id);
    const refused = await decide(row.id, { action: 'approve', verified: true, version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.feesOwed('$20.00', 'Verification Fee'));

    // My Horses offers the rest: only the verification line is charged.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/horses',
      headers: bearer(member),
    });
    const listed = list.json().data.items.find((h: { _id: string }) => h._id === row.id);
    expect(listed).toMatchObject({ paymentStatus: 'unpaid', feesPaid: ['registration'] });
    const rest = await pay(t.app, member, row.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(rest.statusCode).toBe(200);
    const charged = await t.database.db
      .select({ amountCents: payments.amountCents, covers: payments.covers })
      .from(payments)
      .where(eq(payments.horseId, row.id));
    expect(charged).toEqual(
      expect.arrayContaining([
        { amountCents: 3000, covers: 'registration' },
        { amountCents: 2000, covers: 'verification' },
      ]),
    );
    expect((await horseRow(t.database.db, row.id)).paymentStatus).toBe('paid');
    // Nothing is left to pay: a third payment is refused.
    const third = await pay(t.app, member, row.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    expect(third.statusCode).toBe(409);

    const approved = await decide(row.id, { action: 'approve', verified: true, version });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.verified).toBe('Yes');
  });

  it('an edit back within what was paid makes the horse paid again', async () => {
    const row = await registerHorse(t.app, t.database.db, member, names());
    await pay(t.app, member, row.id, cardPayment(SANDBOX_METHODS.cardSucceeds));
    const video: Parameters<typeof sendForm>[4] = [
      ['performanceDocument', upload('ride.mp4', SAMPLE_BYTES.mp4(), 'video/mp4')],
    ];
    await sendForm(
      t.app,
      member,
      editOf(row.id),
      validEditValues({
        performanceVerification: 'Yes',
        performanceLink: 'https://example.org/ride',
      }),
      video,
    );
    expect((await horseRow(t.database.db, row.id)).paymentStatus).toBe('unpaid');
    await sendForm(t.app, member, editOf(row.id), validEditValues(), []);
    expect((await horseRow(t.database.db, row.id)).paymentStatus).toBe('paid');
  });
});
