import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

/**
 * Bounded counts and pages (docs/api.md "Lists and counts"): 1,100 horses of one member, made
 * by SQL, are more than a page counts ahead (1,000 rows past its start).
 */
const HORSES = 1_100;
let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [member, admin] = await Promise.all([login(t.app, MEMBER_A), login(t.app, ADMIN, 'admin')]);
  await t.database.db.execute(sql`
    insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
      registration_number, approval_status, sex, color, state_foaled_in, foal_date, details,
      created_at)
    select u.id, 'Count Star ' || i, 'Count Star ' || i, 'Second ' || i, 'Third ' || i,
      'CNT-' || i, 'approved', 'Mare', 'Bay', 'Tennessee', date '2015-01-01', '{}'::jsonb,
      now() - i * interval '1 minute'
    from generate_series(1, ${HORSES}) as i
    cross join (select id from users where email = ${MEMBER_A.email}) u`);
});
afterAll(() => t.close());

async function page(url: string, token: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    items: { approvedName: string }[];
    total: number;
    totalIsEstimate: boolean;
  };
}

describe('bounded counts', () => {
  it('counts up to 1,000 rows past the page and says when there are more', async () => {
    for (const url of [
      '/api/auth/horses?page=1&pageSize=10',
      '/api/auth/horses/search?q=count%20star&page=1&pageSize=10',
    ]) {
      const first = await page(url, member);
      expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
      expect(first.items).toHaveLength(10);
    }
    const office = await page('/api/admin/horses?q=count%20star&page=1&pageSize=10', admin);
    expect(office).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Newest first: minute 1 is the newest seeded horse.
    expect(office.items[0]!.approvedName).toBe('Count Star 1');
    // Deeper, the count reaches the end and is exact again.
    const deep = await page('/api/auth/horses?page=11&pageSize=10', member);
    expect(deep.totalIsEstimate).toBe(false);
    expect(deep.total).toBeGreaterThanOrEqual(HORSES);
    const searched = await page('/api/auth/horses/search?q=count%20star%2011&page=1', member);
    expect(searched).toMatchObject({ totalIsEstimate: false });
    // 11, 110-119 and 1100: exact.
    expect(searched.total).toBe(12);
  });

  it('answers the pages past the end with the bounded count and refuses pages past row 10,000', async () => {
    const past = await page('/api/admin/horses?q=count%20star&page=200&pageSize=10', admin);
    expect(past).toMatchObject({ items: [], total: HORSES, totalIsEstimate: false });
    for (const url of [
      '/api/admin/horses?page=1002&pageSize=10',
      '/api/auth/horses?page=102&pageSize=100',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(url.includes('admin') ? admin : member),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/up to row 10,000/);
    }
  });

  it('finds a search text only within one field, never across two', async () => {
    // "Star 1\nsecond" would span the approved name and the second choice.
    const response = await page('/api/admin/horses?q=1%0Asecond&page=1', admin);
    expect(response.total).toBe(0);
  });
});
