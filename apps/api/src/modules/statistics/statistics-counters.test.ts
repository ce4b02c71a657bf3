import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horses, payments, users } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import { asReviewed } from '../../test/reviewed.js';
import { statistics } from './service.js';

/*
 * The dashboard reads counters the writes keep (migration 0027). After each kind of write the
 * office makes (register, approve, reject, transfer, payment settled and refunded, delete,
 * member deactivated, created and deleted) they must equal a fresh count of the tables.
 */

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
});
afterAll(() => t.close());

const NOW = new Date();
const month = (at: Date) => at.toISOString().slice(0, 7);

/** The figures counted afresh from the tables (what the dashboard computed before 0027). */
async function freshCounts(db: Db) {
  const grouped = async <K extends string>(rows: Promise<{ key: K; n: number }[]>) =>
    Object.fromEntries((await rows).map((r) => [r.key, Number(r.n)]));
  const succeeded = eq(payments.status, 'succeeded');
  const monthOf = sql<string>`to_char(${payments.updatedAt} at time zone 'UTC', 'YYYY-MM')`;
  const [paymentRows, methodRows, [thisMonth]] = await Promise.all([
    db
      .select({ key: payments.status, n: count(), cents: sum(payments.amountCents) })
      .from(payments)
      .groupBy(payments.status),
    db
      .select({ key: payments.method, n: count(), cents: sum(payments.amountCents) })
      .from(payments)
      .where(succeeded)
      .groupBy(payments.method),
    db
      .select({ cents: sum(payments.amountCents) })
      .from(payments)
      .where(and(succeeded, sql`${monthOf} = ${month(NOW)}`)),
  ]);
  return {
    members: await grouped(
      db
        .select({ key: sql<string>`${users.active}::text`, n: count() })
        .from(users)
        .where(eq(users.role, 'member'))
        .groupBy(users.active),
    ),
    horses: await grouped(
      db
        .select({ key: horses.approvalStatus, n: count() })
        .from(horses)
        .groupBy(horses.approvalStatus),
    ),
    paid: await grouped(
      db
        .select({ key: horses.paymentStatus, n: count() })
        .from(horses)
        .groupBy(horses.paymentStatus),
    ),
    thisMonth: await grouped(
      db
        .select({ key: sql<string>`'n'`, n: count() })
        .from(horses)
        .where(gte(horses.createdAt, new Date(`${month(NOW)}-01T00:00:00Z`))),
    ),
    payments: Object.fromEntries(
      paymentRows.map((r) => [r.key, { count: Number(r.n), cents: Number(r.cents) }]),
    ),
    methods: Object.fromEntries(
      methodRows.map((r) => [r.key, { count: Number(r.n), cents: Number(r.cents) }]),
    ),
    revenueThisMonth: Number(thisMonth?.cents ?? 0),
  };
}

/** The counters' answer, in the shape of `freshCounts` (zero figures left out, as a count has them). */
async function counted(db: Db) {
  const s = await statistics(db, NOW);
  const nonZero = <T>(entries: [string, T][], value: (v: T) => number) =>
    Object.fromEntries(entries.filter(([, v]) => value(v) !== 0));
  return {
    members: nonZero(
      [
        ['true', s.members.active],
        ['false', s.members.inactive],
      ],
      (n) => n,
    ),
    horses: nonZero(
      Object.entries(s.horses).filter(([k]) => k !== 'total'),
      (n) => n,
    ),
    paid: nonZero(Object.entries(s.horsesByPaymentStatus), (n) => n),
    thisMonth: { n: s.registrationsPerMonth.at(-1)?.count ?? 0 },
    payments: nonZero(Object.entries(s.payments), (p) => p.count),
    revenueThisMonth: s.revenue.thisMonthCents,
    byMethod: s.byMethod,
  };
}

async function expectCountersFresh() {
  const db = t.database.db;
  const fresh = await freshCounts(db);
  const answer = await counted(db);
  const { methods, ...figures } = fresh;
  const { byMethod, ...answered } = answer;
  expect(answered).toEqual(figures);
  const other = Object.entries(methods)
    .filter(([method]) => method !== 'card' && method !== 'bank')
    .reduce((a, [, m]) => ({ count: a.count + m.count, cents: a.cents + m.cents }), {
      count: 0,
      cents: 0,
    });
  expect(byMethod).toEqual({
    card: methods.card ?? { count: 0, cents: 0 },
    bank: methods.bank ?? { count: 0, cents: 0 },
    other,
  });
}

const decide = async (id: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/approve-horse/${id}`,
    headers: bearer(admin),
    payload: await asReviewed(t.database.db, `/api/admin/approve-horse/${id}`, body),
  });

describe('statistics counters', () => {
  it('equal a fresh count after registrations, decisions, a transfer and a delete', async () => {
    await expectCountersFresh();
    const db = t.database.db;
    const [one, two, three] = [
      await registerThroughApi(t.app, db, member),
      await registerThroughApi(t.app, db, member),
      await registerThroughApi(t.app, db, member),
    ];
    await expectCountersFresh();
    await db.update(horses).set({ paymentStatus: 'paid' }).where(eq(horses.id, one!.id));
    expect((await decide(one!.id, { action: 'approve' })).statusCode).toBe(200);
    expect((await decide(two!.id, { action: 'reject', reason: 'Photos missing' })).statusCode).toBe(
      200,
    );
    await expectCountersFresh();
    const other = await userId(db, 'member2@example.org');
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/transfer-horse-ownership',
      headers: bearer(admin),
      payload: await asReviewed(db, '/api/admin/transfer-horse-ownership', {
        horseId: one!.id,
        newOwnerId: other,
      }),
    });
    expect(moved.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/horses/${three!.id}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode).toBe(200);
    await expectCountersFresh();
    expect((await statistics(db, NOW)).horses).toMatchObject({ approved: 1, rejected: 1 });
  });

  it('equal a fresh count after payments settle, are refunded and are deleted', async () => {
    const db = t.database.db;
    const at = new Date();
    const rows = await db
      .insert(payments)
      .values(
        (['card', 'bank', 'check'] as const).map((method, i) => ({
          horseId: null,
          provider: 'sandbox' as const,
          method,
          idempotencyKey: `counters-${i}`,
          amountCents: 1000 * (i + 1),
          fees: {},
          status: 'processing' as const,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning({ id: payments.id });
    await expectCountersFresh();
    await db.update(payments).set({ status: 'succeeded', updatedAt: new Date() });
    await expectCountersFresh();
    await db
      .update(payments)
      .set({ status: 'refunded', amountCents: 999 })
      .where(eq(payments.id, rows[0]!.id));
    await expectCountersFresh();
    await db.delete(payments).where(eq(payments.id, rows[1]!.id));
    await expectCountersFresh();
    expect((await statistics(db, NOW)).byMethod.other).toEqual({ count: 1, cents: 3000 });
  });

  it('equal a fresh count after members are deactivated, added and removed', async () => {
    const db = t.database.db;
    const other = await userId(db, 'member2@example.org');
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member/${other}/deactivate`,
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    await expectCountersFresh();
    const [added] = await db
      .insert(users)
      .values({ email: 'counted@example.org', role: 'member' })
      .returning({ id: users.id });
    await expectCountersFresh();
    await db.delete(users).where(eq(users.id, added!.id));
    await expectCountersFresh();
  });

  it('do not count a write that rolls back', async () => {
    const db = t.database.db;
    const before = await statistics(db, NOW);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'rolled-back@example.org', role: 'member' });
        await tx.update(horses).set({ approvalStatus: 'rejected' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await statistics(db, NOW)).toEqual(before);
    await expectCountersFresh();
  });
});
