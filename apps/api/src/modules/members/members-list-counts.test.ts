import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MEMBER_A,
  createTestApp,
  getData,
  login,
  type TestApp,
} from '../../test/harness.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';

/**
 * The Members list at scale (issue 30): 1,100 members made by SQL are more than a page counts
 * ahead, so the total is bounded ("1,000+"), pages stop at row 10,000, the order is the name
 * index's and each row's horse count is its own.
 */
const MEMBERS = 1_100;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  await t.database.db.execute(sql`
    insert into users (email, role, member_number, first_name, last_name, city)
    select 'bulk' || i || '@example.org', 'member', 'BLK' || lpad(i::text, 5, '0'),
      'Bulk' || lpad(i::text, 5, '0'), 'Aardvark', 'Countville'
    from generate_series(1, ${MEMBERS}) as i`);
  await registerThroughApi(t.app, t.database.db, await login(t.app, MEMBER_A));
});
afterAll(() => t.close());

type Listed = {
  items: { email: string; lastName: string; firstName: string; horseCount: number }[];
  total: number;
  totalIsEstimate: boolean;
};

const list = (query: string, status = 200) =>
  getData<Listed>(t.app, `/api/admin/members?${query}`, admin, status);

describe('Members list at scale', () => {
  it('counts up to 1,000 rows past the page and says when there are more', async () => {
    const first = await list('page=1&pageSize=10');
    expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
    // By last name, then first name: the Aardvarks come first, in first-name order.
    expect(first.items.map((m) => m.firstName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Bulk${String(i + 1).padStart(5, '0')}`),
    );
    const searched = await list('q=countville&page=1&pageSize=10');
    expect(searched).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Deeper, the count reaches the end and is exact again.
    const deep = await list('q=countville&page=11&pageSize=100');
    expect(deep).toMatchObject({ total: MEMBERS, totalIsEstimate: false });
    expect(deep.items).toHaveLength(100);
    const few = await list('q=bulk0011&page=1&pageSize=10');
    // bulk00110 to bulk00119: name and email each contain it, each member counted once.
    expect(few).toMatchObject({ total: 10, totalIsEstimate: false });
  });

  it('reverses the name order and still counts each row its own horses', async () => {
    const last = await list('sort=name&order=desc&page=1&pageSize=5');
    expect(last.items.map((m) => `${m.lastName} ${m.firstName}`)).toEqual([
      'Walker Avery',
      'Reed Jordan',
      'Aardvark Bulk01100',
      'Aardvark Bulk01099',
      'Aardvark Bulk01098',
    ]);
    const owner = (await list(`q=${encodeURIComponent(MEMBER_A.email)}`)).items[0];
    expect(owner?.horseCount).toBeGreaterThanOrEqual(1);
    const bulk = await list('q=bulk00001&page=1&pageSize=10');
    expect(bulk.items.every((m) => m.horseCount === 0)).toBe(true);
  });

  it('serves pages up to row 10,000 and refuses deeper ones', async () => {
    await list('page=101&pageSize=100');
    await list('page=102&pageSize=100', 400);
  });
});
