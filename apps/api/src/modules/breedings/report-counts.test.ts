import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The office's breeding reports list counts only so far (docs/api.md "Lists and counts"):
 * 1,100 reports of as many stallions, made by SQL, are more than a page counts ahead.
 */
const REPORTS = 1_100;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  await t.database.db.execute(sql`
    with stallions as (
      insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
        registration_number, approval_status, sex, color, state_foaled_in, foal_date, details)
      select u.id, 'Count Stallion ' || i, 'Count Stallion ' || i, 'Second ' || i, 'Third ' || i,
        'CST-' || i, 'approved', 'Stallion', 'Bay', 'Tennessee', date '2015-01-01', '{}'::jsonb
      from generate_series(1, ${REPORTS}) as i
      cross join (select id from users where email = ${MEMBER_A.email}) u
      returning id, registration_number)
    insert into breeding_reports (stallion_id, season, status, updated_at)
    select id, 2026, case when substr(registration_number, 5)::int % 10 = 0 then 'reviewed' else 'filed' end,
      timestamptz '2026-06-30 12:00:00+00' - substr(registration_number, 5)::int * interval '1 hour'
    from stallions`);
});
afterAll(() => t.close());

async function reports(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/breeding-reports?${query}`,
    headers: bearer(admin),
  });
  return response;
}
const data = (query: string) =>
  getData<{ items: { stallion: { name: string } }[]; total: number; totalIsEstimate: boolean }>(
    t.app,
    `/api/admin/breeding-reports?${query}`,
    admin,
  );

describe('the breeding reports list counts only so far', () => {
  it('says "1,000 or more" past the bound and counts exactly below it', async () => {
    const first = await data('page=1&pageSize=10');
    expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Last changed first.
    expect(first.items[0]?.stallion.name).toBe('Count Stallion 1');
    const deep = await data('page=11&pageSize=100');
    expect(deep).toMatchObject({ total: REPORTS, totalIsEstimate: false });
    const reviewed = await data('status=reviewed&pageSize=10');
    expect(reviewed).toMatchObject({ total: REPORTS / 10, totalIsEstimate: false });
    expect(reviewed.items[0]?.stallion.name).toBe('Count Stallion 10');
    const named = await data('stallion=count%20stallion%20105');
    // 105 and 1050-1059.
    expect(named).toMatchObject({ total: 11, totalIsEstimate: false });
  });

  it('refuses pages that start past row 10,000', async () => {
    const response = await reports('page=1002&pageSize=10');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/up to row 10,000/);
  });
});
