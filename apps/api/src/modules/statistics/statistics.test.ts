import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { horses, payments, users, type PaymentRow } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { cloneHorses, registerThroughApi } from '../../test/admin-fixtures.js';
import { statistics } from './service.js';

let t: TestApp;
let admin: string;
const NOW = new Date('2026-03-15T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  const db = t.database.db;
  await db.update(users).set({ active: false }).where(eq(users.email, 'member2@example.org'));
  const first = await registerThroughApi(t.app, db, await login(t.app, MEMBER_A));
  await db
    .update(horses)
    .set({ createdAt: new Date('2026-03-02T00:00:00Z') })
    .where(eq(horses.id, first.id));
  await cloneHorses(db, first, 2, {
    approvalStatus: 'approved',
    createdAt: new Date('2026-01-10T00:00:00Z'),
  });
  await cloneHorses(db, first, 1, {
    approvalStatus: 'rejected',
    createdAt: new Date('2025-04-30T23:00:00Z'),
  });
  // Outside the 12-month window (April 2025 .. March 2026).
  await cloneHorses(db, first, 1, { createdAt: new Date('2025-03-31T23:59:00Z') });
  let n = 0;
  const pay = (
    status: PaymentRow['status'],
    method: PaymentRow['method'],
    cents: number,
    at: string,
  ) => ({
    horseId: null,
    provider: 'sandbox' as const,
    method,
    idempotencyKey: `seed-${n++}`,
    amountCents: cents,
    fees: {},
    status,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  });
  await db.insert(payments).values([
    pay('succeeded', 'card', 3000, '2026-03-05T10:00:00Z'), // this month
    pay('succeeded', 'bank', 5000, '2026-02-01T00:00:00Z'), // this year
    pay('succeeded', 'card', 10000, '2025-12-31T23:59:59Z'), // last year, in the window
    pay('succeeded', 'check', 3000, '2026-03-01T00:00:00Z'), // offline, this month
    pay('failed', 'card', 3000, '2026-03-06T00:00:00Z'),
    pay('processing', 'bank', 5000, '2026-03-07T00:00:00Z'),
    pay('succeeded', 'card', 7000, '2025-02-01T00:00:00Z'), // outside the window
  ]);
});
afterAll(() => t.close());

describe('statistics', () => {
  it('counts members, horses and payments, revenue and the 12-month series', async () => {
    const s = await statistics(t.database.db, NOW);
    expect(s.members).toEqual({ active: 1, inactive: 1, total: 2 });
    expect(s.horses).toEqual({ pending: 2, approved: 2, rejected: 1, total: 5 });
    expect(s.horsesByPaymentStatus.unpaid).toBe(5);
    expect(s.payments.succeeded).toEqual({ count: 5, cents: 28000 });
    expect(s.payments.failed).toEqual({ count: 1, cents: 3000 });
    expect(s.payments.processing).toEqual({ count: 1, cents: 5000 });
    expect(s.revenue).toEqual({ thisMonthCents: 6000, thisYearCents: 11000 });
    expect(s.registrationsPerMonth.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    const regs = Object.fromEntries(s.registrationsPerMonth.map((m) => [m.month, m.count]));
    expect(regs).toMatchObject({ '2025-04': 1, '2026-01': 2, '2026-03': 1, '2026-02': 0 });
    const revenue = Object.fromEntries(s.revenuePerMonth.map((m) => [m.month, m.cents]));
    expect(revenue).toMatchObject({
      '2025-12': 10000,
      '2026-02': 5000,
      '2026-03': 6000,
      '2025-04': 0,
    });
    expect(s.byMethod).toEqual({
      card: { count: 3, cents: 20000 },
      bank: { count: 1, cents: 5000 },
      other: { count: 1, cents: 3000 },
    });
  });

  it('is served to administrators at GET /api/admin/statistics', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/statistics',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.members).toEqual({ active: 1, inactive: 1, total: 2 });
    expect(response.json().data.registrationsPerMonth).toHaveLength(12);
  });
});
