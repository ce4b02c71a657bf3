import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { horseTransfers, mailOutbox, users } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { REGISTER, sendForm, validFiles, validValues } from '../../test/multipart.js';
import { sendDailyDigest, sendImmediateNotices, type NoticeOptions } from './office-notices.js';

/* Issue 29 §3: the office is told of new work, at once or in a daily digest, and counts it. */

let t: TestApp;
let admin: string;
let member: string;
const DIGEST_STAFF = 'digest.staff@test.org';
// Digest staff whose role has nothing in the day's work (no payment came in or waits).
const DIGEST_TREASURER = 'digest.treasurer@test.org';
const DIGEST_READ_ONLY = 'digest.readonly@test.org';
const OPTIONS: NoticeOptions = {
  associationName: 'Test Registry',
  publicUrl: 'http://registry.test',
  digestHourUtc: 7,
};
beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
  await t.database.db.insert(users).values([
    { email: DIGEST_STAFF, role: 'admin', staffRole: 'administrator', officeNotices: 'digest' },
    { email: DIGEST_TREASURER, role: 'admin', staffRole: 'treasurer', officeNotices: 'digest' },
    { email: DIGEST_READ_ONLY, role: 'admin', staffRole: 'read-only', officeNotices: 'digest' },
  ]);
  // The first run notes where notices start: earlier history is not mailed.
  expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(0);
});
afterAll(() => t.close());

const mailTo = (email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const choose = (officeNotices: string, token = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/office-notices',
    headers: bearer(token),
    payload: { officeNotices },
  });

let count = 0;
const names = () => {
  count += 1;
  return {
    firstChoice: `Notice ${count} One`,
    secondChoice: `Notice ${count} Two`,
    thirdChoice: `Notice ${count} Three`,
  };
};

describe('office notices', () => {
  it('mails staff who want them at once about a new registration, once, and not the digest staff', async () => {
    const before = (await mailTo(ADMIN.email)).length;
    await registerThroughApi(t.app, t.database.db, member, names());
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(1);
    const mails = (await mailTo(ADMIN.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(
      /^Test Registry: New registration: Notice 1 One \/ Notice 1 Two \/ Notice 1 Three, from \S.+$/,
    );
    expect(mails[0]?.text).toContain('http://registry.test/admin/horse-reject-approve');
    expect(await mailTo(DIGEST_STAFF)).toHaveLength(0);
    // Nothing new: nothing sent again.
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(0);
    expect((await mailTo(ADMIN.email)).slice(before)).toHaveLength(1);
  });

  it('leaves out registrations the office entered itself, and staff who turned notices off', async () => {
    const memberRow = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, MEMBER_A.email));
    const created = await sendForm(
      t.app,
      admin,
      { method: 'POST', url: `/api/admin/horses?ownerId=${memberRow[0]?.id}` },
      { ...validValues(), ...names() },
      validFiles(),
    );
    expect(created.statusCode).toBe(201);
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(0);

    expect((await choose('off')).statusCode).toBe(200);
    const before = (await mailTo(ADMIN.email)).length;
    await registerThroughApi(t.app, t.database.db, member, names());
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(1);
    expect(await mailTo(ADMIN.email)).toHaveLength(before);
    expect((await choose('immediate')).statusCode).toBe(200);
  });

  it('sends the digest once a day, after its hour, with what came in and what waits', async () => {
    const morning = new Date('2031-03-04T06:59:00Z');
    expect(await sendDailyDigest(t.database.db, OPTIONS, morning)).toBe(false);
    const late = new Date();
    late.setUTCHours(23, 0, 0, 0);
    const sentAt = new Date(Math.max(late.getTime(), Date.now()));
    expect(await sendDailyDigest(t.database.db, OPTIONS, sentAt)).toBe(true);
    const [digest] = await mailTo(DIGEST_STAFF);
    expect(digest?.subject).toBe('Test Registry: daily office digest');
    expect(digest?.text).toMatch(/Waiting now: [1-9]\d* registration\(s\)/);
    expect(digest?.text).toContain('New registration: Notice 1 One');
    // The same day again, from any server: not sent twice.
    expect(await sendDailyDigest(t.database.db, OPTIONS, sentAt)).toBe(false);
    expect(await mailTo(DIGEST_STAFF)).toHaveLength(1);
    // Only registrations came in and wait: not the treasurer's work; read-only gets no notices.
    expect(await mailTo(DIGEST_TREASURER)).toHaveLength(0);
    expect(await mailTo(DIGEST_READ_ONLY)).toHaveLength(0);
  });

  it('counts waiting work for the menu, and keeps each choice to the office', async () => {
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/admin/waiting-work',
      headers: bearer(admin),
    });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data).toEqual({
      registrations: 3,
      changeRequests: 0,
      failedPayments: 0,
      memberTransfers: 0,
    });
    const registered = await sendForm(
      t.app,
      member,
      REGISTER,
      { ...validValues(), ...names() },
      validFiles(),
    );
    expect(registered.statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/admin/waiting-work',
      headers: bearer(admin),
    });
    expect(again.json().data.registrations).toBe(4);

    expect((await choose('sometimes')).statusCode).toBe(400);
    expect((await choose('digest', member)).statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/admin/office-notices',
      headers: bearer(admin),
    });
    expect(mine.json().data).toEqual({ officeNotices: 'immediate' });
  });

  it('sends each kind only to the roles whose work it is: none to read-only, deactivated or removed staff', async () => {
    const staff = {
      registrar: 'notices.registrar@test.org',
      treasurer: 'notices.treasurer@test.org',
      readOnly: 'notices.readonly@test.org',
      deactivated: 'notices.deactivated@test.org',
      removed: 'notices.removed@test.org',
    };
    // The earlier tests' work goes out first, before these staff exist.
    await sendImmediateNotices(t.database.db, OPTIONS);
    await t.database.db.insert(users).values([
      { email: staff.registrar, role: 'admin', staffRole: 'registrar' },
      { email: staff.treasurer, role: 'admin', staffRole: 'treasurer' },
      { email: staff.readOnly, role: 'admin', staffRole: 'read-only' },
      { email: staff.deactivated, role: 'admin', staffRole: 'registrar', active: false },
      {
        email: staff.removed,
        role: 'admin',
        staffRole: 'administrator',
        active: false,
        removedAt: new Date(),
      },
    ]);
    const adminBefore = (await mailTo(ADMIN.email)).length;
    const subjects = async (email: string) =>
      (await mailTo(email)).map((mail) => mail.subject.replace(/, from .*$/, ''));

    const chosen = names();
    const name = `${chosen.firstChoice} / ${chosen.secondChoice} / ${chosen.thirdChoice}`;
    const horse = await registerThroughApi(t.app, t.database.db, member, chosen);
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(1);
    expect(await subjects(staff.registrar)).toEqual([`Test Registry: New registration: ${name}`]);
    expect(await mailTo(staff.treasurer)).toHaveLength(0);

    // A failed payment, as payments/settle.ts logs it: the treasurer's work, not the registrar's.
    await recordAudit(t.database.db, {
      action: 'payment.settled',
      success: false,
      subject: horse.id,
      details: { status: 'failed', amountCents: 3000 },
    });
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(1);
    expect(await subjects(staff.treasurer)).toEqual([
      `Test Registry: Payment failed: $30.00 for ${name}`,
    ]);
    expect(await mailTo(staff.registrar)).toHaveLength(1);

    // A member transfer waiting for the office and a breeding report filed, as
    // member-transfers/ and breedings/ log them: the registrar's work. A transfer approved at once
    // (the auto-approve setting) no longer waits: not sent.
    const transfer = (status: 'awaiting_office' | 'approved') => ({
      horseId: horse.id,
      sellerId: horse.ownerId,
      buyerEmail: 'notices.buyer@test.org',
      saleDate: '2026-11-01',
      status,
      feeCents: 0,
      feePayer: 'buyer' as const,
      sellerSignature: 'Sam Seller',
    });
    const [waiting, approved] = await t.database.db
      .insert(horseTransfers)
      .values([transfer('awaiting_office'), transfer('approved')])
      .returning();
    for (const row of [approved, waiting]) {
      await recordAudit(t.database.db, {
        action: 'transfer.accept',
        success: true,
        subject: horse.id,
        details: { transferId: row?.id, status: 'awaiting_office' },
      });
    }
    await recordAudit(t.database.db, {
      action: 'breeding-report.file',
      success: true,
      subject: crypto.randomUUID(),
      details: { stallionId: horse.id, season: 2026, version: 1, mares: 2 },
    });
    expect(await sendImmediateNotices(t.database.db, OPTIONS)).toBe(2);
    const [, both] = await mailTo(staff.registrar);
    expect(both?.subject).toBe('Test Registry: 2 new items for the office');
    expect(both?.text).toContain(`Member transfer waiting for the office: ${name}, from`);
    expect(both?.text).toContain(`Breeding report filed: 2026 season of ${name}, 2 mares, by`);
    expect(await mailTo(staff.treasurer)).toHaveLength(1);

    // The administrator hears of all three runs.
    expect((await mailTo(ADMIN.email)).slice(adminBefore)).toHaveLength(3);
    for (const email of [staff.readOnly, staff.deactivated, staff.removed]) {
      expect(await mailTo(email)).toHaveLength(0);
    }
  });
});
