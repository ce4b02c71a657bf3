import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@registry/domain';
import { auditLog, mailOutbox, payments, users } from '../../db/schema.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import {
  ADMIN,
  bearer,
  createTestApp,
  login,
  MEMBER_A,
  MEMBER_B,
  type TestApp,
} from '../../test/harness.js';
import { asReviewed } from '../../test/reviewed.js';

/**
 * Issue 29 §1: every history and audit entry names the staff member who acted. A registrar
 * decides, a treasurer takes and refunds money, and the horse's history and the audit log say
 * who, by name, whichever of the office did it.
 */
let t: TestApp;
let member: string;
const staff = {} as Record<'registrar' | 'treasurer', { id: string; token: string; email: string }>;

async function staffMember(adminToken: string, role: StaffRole, first: string) {
  const email = `${first.toLowerCase()}@office.test`;
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: bearer(adminToken),
    payload: { email, firstName: first, lastName: 'Acting', staffRole: role },
  });
  expect(invited.statusCode).toBe(201);
  const [mail] = await t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /set-password#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  const password = `${first} office password`;
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/set-password',
    payload: { token, password },
  });
  return {
    id: (invited.json() as { data: { id: string } }).data.id,
    email,
    token: await login(t.app, { email, password }, 'admin'),
  };
}

interface History {
  history: { type: string; action: string; by: { name: string; email: string } | null }[];
}
const historyOf = async (horseId: string) =>
  (
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/horses/${horseId}`,
        headers: bearer(staff.registrar.token),
      })
    ).json() as { data: History }
  ).data.history;

const pay = (horseId: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payment-process/${horseId}`,
    headers: bearer(token),
    payload: { method: 'check', reference: 'Check #7', fees: { prepayDNAFee: false, total: 1 } },
  });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await login(t.app, ADMIN, 'admin');
  member = await login(t.app, MEMBER_A);
  staff.registrar = await staffMember(admin, 'registrar', 'Rita');
  staff.treasurer = await staffMember(admin, 'treasurer', 'Theo');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('history and audit entries name the staff member who acted', () => {
  it('payment by the treasurer, approval by the registrar', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, member);
    expect((await pay(horse.id, staff.treasurer.token)).statusCode).toBe(200);
    const url = `/api/admin/approve-horse/${horse.id}`;
    const approved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff.registrar.token),
      payload: await asReviewed(t.database.db, url, {
        action: 'approve',
        approvedName: horse.firstChoice,
      }),
    });
    expect(approved.statusCode).toBe(200);

    const history = await historyOf(horse.id);
    const paid = history.find((entry) => entry.type === 'paid');
    expect(paid?.by).toMatchObject({ name: 'Theo Acting', email: staff.treasurer.email });
    const decision = history.find((entry) => entry.type === 'approved');
    expect(decision?.by).toMatchObject({ name: 'Rita Acting', email: staff.registrar.email });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'horse.approve'));
    expect(audit?.actorId).toBe(staff.registrar.id);
  });

  it('rejection by the registrar; refund by the treasurer', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, member);
    expect((await pay(horse.id, staff.treasurer.token)).statusCode).toBe(200);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.horseId, horse.id));
    expect(payment?.recordedById).toBe(staff.treasurer.id);
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment!.id}/reverse`,
      headers: bearer(staff.treasurer.token),
      payload: { reason: 'Paid twice', status: payment!.status },
    });
    expect(reversed.statusCode).toBe(200);
    const url = `/api/admin/approve-horse/${horse.id}`;
    const rejected = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff.registrar.token),
      payload: await asReviewed(t.database.db, url, { action: 'reject', reason: 'Photos unclear' }),
    });
    expect(rejected.statusCode).toBe(200);

    const history = await historyOf(horse.id);
    const byAction = (pattern: RegExp) => history.find((entry) => pattern.test(entry.action));
    expect(byAction(/^payment\.(refunded|voided)$/)?.by?.email).toBe(staff.treasurer.email);
    expect(history.find((entry) => entry.type === 'rejected')?.by?.email).toBe(
      staff.registrar.email,
    );
    // Every audit entry about the horse after the member's registration names the office
    // member who acted; only the settlement the payment records itself has no person.
    const office = new Set([staff.registrar.id, staff.treasurer.id]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, horse.id));
    const staffEntries = entries.filter(
      (entry) => entry.action !== 'horse.register' && entry.action !== 'payment.settled',
    );
    expect(staffEntries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['payment.created', 'horse.reject']),
    );
    for (const entry of staffEntries) {
      expect({ action: entry.action, office: office.has(entry.actorId ?? '') }).toEqual({
        action: entry.action,
        office: true,
      });
    }
  });

  it('a transfer by the registrar', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, member);
    const [memberB] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, MEMBER_B.email));
    const url = '/api/admin/transfer-horse-ownership';
    const moved = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(staff.registrar.token),
      payload: await asReviewed(t.database.db, url, {
        horseId: horse.id,
        newOwnerId: memberB!.id,
        note: 'Sold at the spring show',
      }),
    });
    expect(moved.statusCode).toBe(200);
    const transferred = (await historyOf(horse.id)).find((entry) => entry.type === 'transferred');
    expect(transferred?.by).toMatchObject({ name: 'Rita Acting', email: staff.registrar.email });
  });
});
