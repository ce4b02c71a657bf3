import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  APPROVAL_STATUSES,
  PAYMENT_RECORD_STATUSES,
  PAYMENT_STATUSES,
  type Statistics,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { horses, payments, users } from '../../db/schema.js';

/** The last 12 calendar months (UTC), oldest first, as YYYY-MM. */
function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The admin dashboard's figures. Revenue counts succeeded payments only, in integer cents, by
 * the time they settled (`updated_at` of the succeeded row); months are UTC calendar months.
 */
export async function statistics(db: Db, now = new Date()): Promise<Statistics> {
  const months = lastMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const succeeded = eq(payments.status, 'succeeded');
  const month = (column: AnyPgColumn) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

  const [
    memberRows,
    horseRows,
    horsePayRows,
    paymentRows,
    [monthRev],
    [yearRev],
    regRows,
    revRows,
    methodRows,
  ] = await Promise.all([
    db
      .select({ active: users.active, n: count() })
      .from(users)
      .where(eq(users.role, 'member'))
      .groupBy(users.active),
    db
      .select({ status: horses.approvalStatus, n: count() })
      .from(horses)
      .groupBy(horses.approvalStatus),
    db
      .select({ status: horses.paymentStatus, n: count() })
      .from(horses)
      .groupBy(horses.paymentStatus),
    db
      .select({ status: payments.status, n: count(), cents: sum(payments.amountCents) })
      .from(payments)
      .groupBy(payments.status),
    db
      .select({ cents: sum(payments.amountCents) })
      .from(payments)
      .where(and(succeeded, gte(payments.updatedAt, monthStart))),
    db
      .select({ cents: sum(payments.amountCents) })
      .from(payments)
      .where(and(succeeded, gte(payments.updatedAt, yearStart))),
    db
      .select({ month: month(horses.createdAt), n: count() })
      .from(horses)
      .where(gte(horses.createdAt, since))
      .groupBy(month(horses.createdAt)),
    db
      .select({ month: month(payments.updatedAt), cents: sum(payments.amountCents) })
      .from(payments)
      .where(and(succeeded, gte(payments.updatedAt, since)))
      .groupBy(month(payments.updatedAt)),
    db
      .select({ method: payments.method, n: count(), cents: sum(payments.amountCents) })
      .from(payments)
      .where(succeeded)
      .groupBy(payments.method),
  ]);

  const active = num(memberRows.find((r) => r.active)?.n);
  const inactive = num(memberRows.find((r) => !r.active)?.n);
  const horseCounts = Object.fromEntries(
    APPROVAL_STATUSES.map((s) => [s, num(horseRows.find((r) => r.status === s)?.n)]),
  ) as Record<(typeof APPROVAL_STATUSES)[number], number>;
  const regs = new Map(regRows.map((r) => [r.month, num(r.n)]));
  const revs = new Map(revRows.map((r) => [r.month, num(r.cents)]));
  const byMethod = {
    card: { count: 0, cents: 0 },
    bank: { count: 0, cents: 0 },
    other: { count: 0, cents: 0 },
  };
  for (const row of methodRows) {
    const key = row.method === 'card' || row.method === 'bank' ? row.method : 'other';
    byMethod[key].count += num(row.n);
    byMethod[key].cents += num(row.cents);
  }
  return {
    members: { active, inactive, total: active + inactive },
    horses: { ...horseCounts, total: Object.values(horseCounts).reduce((a, b) => a + b, 0) },
    horsesByPaymentStatus: Object.fromEntries(
      PAYMENT_STATUSES.map((s) => [s, num(horsePayRows.find((r) => r.status === s)?.n)]),
    ) as Statistics['horsesByPaymentStatus'],
    payments: Object.fromEntries(
      PAYMENT_RECORD_STATUSES.map((s) => {
        const row = paymentRows.find((r) => r.status === s);
        return [s, { count: num(row?.n), cents: num(row?.cents) }];
      }),
    ) as Statistics['payments'],
    revenue: { thisMonthCents: num(monthRev?.cents), thisYearCents: num(yearRev?.cents) },
    registrationsPerMonth: months.map((m) => ({ month: m, count: regs.get(m) ?? 0 })),
    revenuePerMonth: months.map((m) => ({ month: m, cents: revs.get(m) ?? 0 })),
    byMethod,
  };
}
