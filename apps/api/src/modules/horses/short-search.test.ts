import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

/**
 * Searches of one or two characters are name prefixes (docs/decisions/0112-scale-reads-at-a-million.md):
 * trigram indexes need three characters, and a contains-search of "st" read every horse. The
 * members' search answers approved names starting with them in the prefix index's order, the
 * office's list names (approved, else first choice) in its own order; counts stay bounded.
 */
const MANY = 1_100;
let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [member, admin] = await Promise.all([login(t.app, MEMBER_A), login(t.app, ADMIN, 'admin')]);
  const insert = (names: string, status: string, count: number) =>
    t.database.db.execute(sql`
      insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
        registration_number, approval_status, sex, color, state_foaled_in, foal_date, details,
        sire_name, created_at)
      select u.id, case when ${status} = 'approved' then ${names} || i end, ${names} || i,
        'Second ' || i, 'Third ' || i,
        case when ${status} = 'approved' then ${`${names}NUM-`} || i end, ${status}, 'Mare',
        'Bay', 'Tennessee', date '2015-01-01', '{}'::jsonb, 'Sire Stone', now() - i * interval '1 minute'
      from generate_series(1, ${count}) as i
      cross join (select id from users where email = ${MEMBER_A.email}) u`);
  await insert('Zq Bulk ', 'approved', MANY);
  await insert('zQ Lower ', 'approved', 3);
  await insert('Mustang Zq ', 'approved', 3);
  await insert('Zq Pending ', 'pending', 2);
});
afterAll(() => t.close());

type Listed = {
  items: { approvedName: string | null; firstChoice?: string }[];
  total: number;
  totalIsEstimate: boolean;
};
async function page(url: string, token: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Listed;
}

describe('one- and two-character searches', () => {
  it('find approved names starting with them, case-insensitive, in lower-cased name order', async () => {
    const found = await page('/api/auth/horses/search?q=zq&page=1&pageSize=5', member);
    expect(found).toMatchObject({ total: 1000, totalIsEstimate: true });
    // "zq bulk 1", "zq bulk 10", ... byte order of the lower-cased names; never "Mustang Zq".
    expect(found.items.map((h) => h.approvedName)).toEqual([
      'Zq Bulk 1',
      'Zq Bulk 10',
      'Zq Bulk 100',
      'Zq Bulk 1000',
      'Zq Bulk 1001',
    ]);
    const lower = await page('/api/auth/horses/search?q=zQ%20&page=1&pageSize=5', member);
    expect(lower.total).toBe(1000);
    // Past the bulk names, the lower-case ones follow in the same order.
    const tail = await page(`/api/auth/horses/search?q=ZQ&page=221&pageSize=5`, member);
    expect(tail.items.map((h) => h.approvedName)).toEqual([
      'zQ Lower 1',
      'zQ Lower 2',
      'zQ Lower 3',
    ]);
    expect(tail).toMatchObject({ total: MANY + 3, totalIsEstimate: false });
    // Three characters or more: contained anywhere, as before.
    const contained = await page('/api/auth/horses/search?q=ng%20zq&page=1&pageSize=5', member);
    expect(contained.total).toBe(3);
  });

  it('in the office list, match the list name (approved, else first choice) and keep its order', async () => {
    const office = await page('/api/admin/horses?q=zq&page=1&pageSize=5', admin);
    expect(office).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Newest first (the default order): minute 1 of each insert is the newest.
    const names = office.items.map((h) => h.approvedName ?? h.firstChoice);
    expect(names.every((name) => name?.toLowerCase().startsWith('zq'))).toBe(true);
    const pending = await page('/api/admin/horses?q=zq&approvalStatus=pending', admin);
    expect(pending.items.map((h) => h.firstChoice).sort()).toEqual([
      'Zq Pending 1',
      'Zq Pending 2',
    ]);
    // "Mustang Zq" does not start with "zq".
    const mustang = await page('/api/admin/horses?q=mu&page=1&pageSize=10', admin);
    expect(mustang).toMatchObject({ total: 3, totalIsEstimate: false });
    const none = await page('/api/admin/horses?q=g%20&page=1&pageSize=10', admin);
    expect(none.total).toBe(0);
  });
});
