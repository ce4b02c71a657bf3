import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@registry/domain';
import { auditLog, horses, mailOutbox, type HorseRow } from '../../db/schema.js';
import {
  ADMIN,
  MEMBER_A,
  bearer,
  createTestApp,
  login,
  usingPostgres,
  type TestApp,
} from '../../test/harness.js';
import { cloneHorses, registerThroughApi } from '../../test/admin-fixtures.js';
import { parseRegistrationNumberFormat } from '../../numbering.js';
import { asReviewed } from '../../test/reviewed.js';

let t: TestApp;
let admin: string;
let member: string;
let template: HorseRow;
beforeAll(async () => {
  t = await createTestApp({}, { registrationNumberFormat: 'GHR-{YYYY}-{SEQ:5}' });
  [admin, member] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
  template = await registerThroughApi(t.app, t.database.db, member, {
    performanceVerification: 'Yes',
  });
});
afterAll(() => t.close());

/** A decision on the horse as the office just opened it (unless `body` names a version). */
const decide = async (id: string, body: Record<string, unknown>, token = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/approve-horse/${id}`,
    headers: bearer(token),
    payload: await asReviewed(t.database.db, `/api/admin/approve-horse/${id}`, body),
  });

// Approved names are unique in the register, so every fresh horse brings names of its own.
let horseCount = 0;
async function freshHorse(paymentStatus: HorseRow['paymentStatus'] = 'paid'): Promise<HorseRow> {
  horseCount += 1;
  const [row] = await cloneHorses(t.database.db, template, 1, {
    paymentStatus,
    firstChoice: `Fresh ${horseCount} One`,
    secondChoice: `Fresh ${horseCount} Two`,
    thirdChoice: `Fresh ${horseCount} Three`,
  });
  if (!row) throw new Error('no row');
  return row;
}

const year = new Date().getUTCFullYear();
const seqOf = (number: string) => Number(number.split('-').at(-1));

describe('registration number format', () => {
  it('renders the default format and keeps one counter per year', () => {
    const format = parseRegistrationNumberFormat(undefined);
    const at = new Date(Date.UTC(2031, 5, 1));
    expect(format.render(42, at)).toBe('GHR-2031-00042');
    expect(format.scope(at)).toBe('GHR-2031-{SEQ}');
    expect(format.scope(new Date(Date.UTC(2032, 0, 1)))).not.toBe(format.scope(at));
    expect(parseRegistrationNumberFormat('R{YY}{MM}/{SEQ}').render(7, at)).toBe('R3106/7');
  });

  it('refuses a format without exactly one sequence or with odd characters', () => {
    for (const bad of ['GHR-{YYYY}', '{SEQ}-{SEQ}', 'A<{SEQ}>', '{SEQ}{NOPE}']) {
      expect(() => parseRegistrationNumberFormat(bad)).toThrow(/REGISTRATION_NUMBER_FORMAT/);
    }
  });
});

describe('PUT /api/admin/approve-horse/:id', () => {
  it('approves a paid horse: number, approved name, verified, owner emailed, audit', async () => {
    const row = await freshHorse('paid');
    const response = await decide(row.id, {
      action: 'approve',
      approvedName: row.secondChoice,
      verified: true,
    });
    expect(response.statusCode).toBe(200);
    const horse = response.json().data;
    expect(horse.approvalStatus).toBe('approved');
    expect(horse.approvedName).toBe(row.secondChoice);
    expect(horse.verified).toBe('Yes');
    expect(horse.registrationNum).toMatch(new RegExp(`^GHR-${year}-\\d{5}$`));
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email));
    expect(mails.some((m) => m.text.includes(horse.registrationNum))).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'horse.approve'), eq(auditLog.subject, row.id)));
    expect(entry?.details).toMatchObject({ registrationNumber: horse.registrationNum });
    expect(entry?.details).not.toHaveProperty('overrideUnpaid');
  });

  it('a second decision on the same horse is 409', async () => {
    const row = await freshHorse('paid');
    expect((await decide(row.id, { action: 'approve' })).statusCode).toBe(200);
    const again = await decide(row.id, { action: 'reject', reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ADMIN_MESSAGES.alreadyDecided('approved'));
  });

  it('two administrators deciding the same horse at once: one wins, the other gets 409', async () => {
    const row = await freshHorse('paid');
    const results = await Promise.all([
      decide(row.id, { action: 'approve' }),
      decide(row.id, { action: 'reject', reason: 'Duplicate entry' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [final] = await t.database.db.select().from(horses).where(eq(horses.id, row.id));
    const winner = results.find((r) => r.statusCode === 200)?.json().data;
    expect(final?.approvalStatus).toBe(winner.approvalStatus);
  });

  it('an unpaid registration needs overrideUnpaid, and the override is logged', async () => {
    const row = await freshHorse('unpaid');
    const refused = await decide(row.id, { action: 'approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.unpaid);
    const [still] = await t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(still?.approvalStatus).toBe('pending');
    expect(still?.registrationNumber).toBeNull();

    const approved = await decide(row.id, { action: 'approve', overrideUnpaid: true });
    expect(approved.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'horse.approve'), eq(auditLog.subject, row.id)));
    expect(entry?.details).toMatchObject({ overrideUnpaid: true, paymentStatus: 'unpaid' });
  });

  it('refuses a name that is not one of the choices, and verified when not asked', async () => {
    const row = await freshHorse('paid');
    const badName = await decide(row.id, { action: 'approve', approvedName: 'Something Else' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields.approvedName).toBe(ADMIN_MESSAGES.approvedNameInvalid);
    await t.database.db
      .update(horses)
      .set({ details: { ...row.details, performanceVerification: 'No' } })
      .where(eq(horses.id, row.id));
    const badVerified = await decide(row.id, { action: 'approve', verified: true });
    expect(badVerified.statusCode).toBe(400);
    expect(badVerified.json().fields.verified).toBe(ADMIN_MESSAGES.verifiedNotAsked);
  });

  it('rejects with a reason the owner sees on their horse and in the email', async () => {
    const row = await freshHorse('unpaid');
    const noReason = await decide(row.id, { action: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(ADMIN_MESSAGES.reasonRequired);

    const reason = 'The registration document is not legible.';
    const rejected = await decide(row.id, { action: 'reject', reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      approvalStatus: 'rejected',
      registrationNum: null,
    });

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${row.id}`,
      headers: bearer(member),
    });
    expect(own.json().data).toMatchObject({ approvalStatus: 'rejected', rejectionReason: reason });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email));
    expect(mails.some((m) => m.text.includes(reason))).toBe(true);
  });

  it('unknown horse is 404; a member is 403', async () => {
    expect(
      (await decide('00000000-0000-4000-8000-000000000000', { action: 'approve' })).statusCode,
    ).toBe(404);
    expect((await decide(template.id, { action: 'approve' }, member)).statusCode).toBe(403);
  });

  it(`hands out distinct consecutive numbers to ${12} simultaneous approvals${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const rows = await cloneHorses(t.database.db, template, 12, { paymentStatus: 'paid' });
    const responses = await Promise.all(rows.map((row) => decide(row.id, { action: 'approve' })));
    expect(responses.map((r) => r.statusCode)).toEqual(rows.map(() => 200));
    const numbers = responses.map((r) => r.json().data.registrationNum as string);
    expect(new Set(numbers).size).toBe(rows.length);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    const first = seqs[0] ?? 0;
    expect(seqs).toEqual(seqs.map((_, i) => first + i));
  });
});
