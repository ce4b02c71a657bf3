import { sql } from 'drizzle-orm';
import {
  APPROVAL_STATUSES,
  PAYMENT_RECORD_STATUSES,
  PAYMENT_STATUSES,
  type Statistics,
} from '@registry/domain';
import type { Db } from '../../db/client.js';

/** The last 12 calendar months (UTC), oldest first, as YYYY-MM. */
function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const num = (value: unknown) => Number(value ?? 0);

interface Counter {
  metric: string;
  key: string;
  n: string | number;
  cents: string | number;
}

/**
 * The counters the writes keep (migration 0027: each insert, update or delete of a member, horse
 * or payment adds delta rows in its own transaction). The deltas written since the last read are
 * folded into the counters first, so this read stays a few dozen rows at any size of register;
 * deltas committed between the fold and the read are added in by the read itself.
 */
async function counters(db: Db): Promise<Counter[]> {
  await db.execute(sql`
    with moved as (delete from derived.statistic_deltas returning metric, key, n, cents)
    insert into derived.statistic_counts (metric, key, n, cents)
    select metric, key, sum(n), sum(cents) from moved group by metric, key
    on conflict (metric, key) do update
      set n = statistic_counts.n + excluded.n, cents = statistic_counts.cents + excluded.cents`);
  const result = (await db.execute(sql`
    select metric, key, sum(n) as n, sum(cents) as cents from (
      select metric, key, n, cents from derived.statistic_counts
      union all select metric, key, n, cents from derived.statistic_deltas) counted
    group by metric, key`)) as unknown as { rows: Counter[] };
  return result.rows;
}

/**
 * The admin dashboard's figures. Revenue counts succeeded payments only, in integer cents, by
 * the time they settled (`updated_at` of the succeeded row); months are UTC calendar months.
 * Every figure is a counter (`counters`): no read grows with the tables.
 */
export async function statistics(db: Db, now = new Date()): Promise<Statistics> {
  const months = lastMonths(now);
  const rows = await counters(db);
  const byMetric = new Map<string, Map<string, { n: number; cents: number }>>();
  for (const row of rows) {
    let keys = byMetric.get(row.metric);
    if (!keys) byMetric.set(row.metric, (keys = new Map()));
    keys.set(row.key, { n: num(row.n), cents: num(row.cents) });
  }
  const of = (metric: string, key: string) => byMetric.get(metric)?.get(key) ?? { n: 0, cents: 0 };
  const thisMonth = now.toISOString().slice(0, 7);
  const thisYear = now.toISOString().slice(0, 4);

  const active = of('members', 'true').n;
  const inactive = of('members', 'false').n;
  const horseCounts = Object.fromEntries(
    APPROVAL_STATUSES.map((s) => [s, of('horses.approval', s).n]),
  ) as Record<(typeof APPROVAL_STATUSES)[number], number>;
  let thisYearCents = 0;
  for (const [month, { cents }] of byMetric.get('revenue.month') ?? []) {
    if (month.startsWith(`${thisYear}-`)) thisYearCents += cents;
  }
  const byMethod = {
    card: { count: 0, cents: 0 },
    bank: { count: 0, cents: 0 },
    other: { count: 0, cents: 0 },
  };
  for (const [method, { n, cents }] of byMetric.get('revenue.method') ?? []) {
    const key = method === 'card' || method === 'bank' ? method : 'other';
    byMethod[key].count += n;
    byMethod[key].cents += cents;
  }
  return {
    members: { active, inactive, total: active + inactive },
    horses: { ...horseCounts, total: Object.values(horseCounts).reduce((a, b) => a + b, 0) },
    horsesByPaymentStatus: Object.fromEntries(
      PAYMENT_STATUSES.map((s) => [s, of('horses.payment', s).n]),
    ) as Statistics['horsesByPaymentStatus'],
    payments: Object.fromEntries(
      PAYMENT_RECORD_STATUSES.map((s) => {
        const { n, cents } = of('payments.status', s);
        return [s, { count: n, cents }];
      }),
    ) as Statistics['payments'],
    revenue: { thisMonthCents: of('revenue.month', thisMonth).cents, thisYearCents },
    registrationsPerMonth: months.map((m) => ({ month: m, count: of('horses.month', m).n })),
    revenuePerMonth: months.map((m) => ({ month: m, cents: of('revenue.month', m).cents })),
    byMethod,
  };
}
