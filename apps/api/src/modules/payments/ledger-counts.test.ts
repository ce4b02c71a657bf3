import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@registry/domain';
import {
  ADMIN,
  MEMBER_A,
  bearer,
  createTestApp,
  getData,
  login,
  type TestApp,
} from '../../test/harness.js';

/**
 * The ledger's bounded count and pages (docs/api.md "Payments ledger", "Lists and counts"):
 * 1,100 office payments, made by SQL, are more than a page counts ahead (1,000 rows past its
 * start). Every tenth was refunded, so filters narrow them below the bound.
 */
const PAYMENTS = 1_100;
const TAG = 'ledgercount';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  await t.database.db.execute(sql`
    insert into payments (payer_id, provider, method, idempotency_key, amount_cents, fees, status,
      reference, created_at, updated_at)
    select u.id, 'offline', 'check', ${TAG} || '-' || i, 3000, '{"lines":[]}'::jsonb,
      case when i % 10 = 0 then 'refunded' else 'succeeded' end, ${TAG} || ' ' || i,
      timestamptz '2026-06-30 12:00:00+00' - i * interval '1 hour',
      timestamptz '2026-06-30 12:00:00+00' - i * interval '1 hour'
    from generate_series(1, ${PAYMENTS}) as i
    cross join (select id from users where email = ${MEMBER_A.email}) u`);
});
afterAll(() => t.close());

const ledger = (query: Record<string, string>) =>
  getData<{ items: LedgerEntry[]; total: number; totalIsEstimate: boolean }>(
    t.app,
    `/api/admin/payments?${new URLSearchParams({ q: TAG, ...query }).toString()}`,
    admin,
  );

describe('the ledger counts only so far', () => {
  it('counts up to 1,000 rows past the page and says when there are more', async () => {
    const first = await ledger({ page: '1', pageSize: '10' });
    expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Newest first: hour 1 is the newest seeded payment.
    expect(first.items.map((item) => item.reference)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${TAG} ${i + 1}`),
    );
    // Deeper, the count reaches the end and is exact again.
    const deep = await ledger({ page: '11', pageSize: '100' });
    expect(deep).toMatchObject({ total: PAYMENTS, totalIsEstimate: false });
    expect(deep.items.map((item) => item.reference)).toEqual(
      Array.from({ length: 100 }, (_, i) => `${TAG} ${i + 1001}`),
    );
  });

  it('counts the filtered rows exactly below the bound', async () => {
    const refunded = await ledger({ status: 'refunded', pageSize: '100' });
    expect(refunded).toMatchObject({ total: PAYMENTS / 10, totalIsEstimate: false });
    expect(refunded.items.every((item) => item.status === 'refunded')).toBe(true);
    expect(refunded.items[0]?.reference).toBe(`${TAG} 10`);
    // One day (UTC) holds 24 of the hourly payments.
    const day = await ledger({ from: '2026-06-20', to: '2026-06-20', tz: 'UTC' });
    expect(day).toMatchObject({ total: 24, totalIsEstimate: false });
    const searched = await ledger({ q: `${TAG} 105` });
    // 105 and 1050-1059.
    expect(searched).toMatchObject({ total: 11, totalIsEstimate: false });
  });

  it('refuses pages that start past row 10,000', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?page=402&pageSize=25',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/up to row 10,000/);
  });
});
