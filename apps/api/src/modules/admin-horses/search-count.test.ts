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

/**
 * The office Horse List's count of a search (issue 30): a word many approved names hold is
 * counted to the bound from derived.horse_name_words, and the answer is the list's own count
 * whatever the route — every match counted, filters kept, exact below the bound
 * (docs/decisions/0122-members-search-at-scale.md).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  const horses = (name: string, status: 'approved' | 'pending', from: number, to: number) =>
    t.database.db.execute(sql`
      insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
        registration_number, approval_status, sex, color, state_foaled_in, foal_date, details,
        created_at)
      select u.id, case when ${status} = 'approved' then ${name} || ' ' || i end,
        ${name} || ' ' || i, 'Second ' || i, 'Third ' || i,
        case when ${status} = 'approved' then 'SCT-' || ${name} || '-' || i end,
        ${status}, 'Mare', 'Bay', 'Tennessee', date '2015-01-01', '{}'::jsonb,
        now() - i * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) as i
      cross join (select id from users where email = ${MEMBER_A.email}) u`);
  // 1,005 approved names holding "Zephyrine" as a word: more than the bound.
  await horses('Zephyrine Dawn', 'approved', 1, 1005);
  // Five of them paid: a filter that leaves a few.
  await t.database.db.execute(
    sql`update horses set payment_status = 'paid' where first_choice in ('Zephyrine Dawn 1', 'Zephyrine Dawn 2', 'Zephyrine Dawn 3', 'Zephyrine Dawn 4', 'Zephyrine Dawn 5')`,
  );
  // 600 approved and 600 pending "Quillon" names: the word table holds fewer than the bound,
  // the horses more.
  await horses('Quillon', 'approved', 1, 600);
  await horses('Quillon', 'pending', 601, 1200);
});
afterAll(() => t.close());

type Listed = {
  items: { approvedName: string | null; firstChoice: string }[];
  total: number;
  totalIsEstimate: boolean;
};
const list = (query: string) => getData<Listed>(t.app, `/api/admin/horses?${query}`, admin);

describe('office Horse List search count', () => {
  it('counts a common word to the bound, and exactly past it', async () => {
    const first = await list('q=zephyrine&page=1&pageSize=10');
    expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Newest first: Zephyrine Dawn 1 was made a minute ago, the latest of them.
    expect(first.items[0]?.approvedName).toBe('Zephyrine Dawn 1');
    // Two words as written are a key too.
    expect(await list('q=zephyrine%20dawn&page=1')).toMatchObject({
      total: 1000,
      totalIsEstimate: true,
    });
    // Past row 1,000 the bound is 2,001: every match counted.
    const deep = await list('q=zephyrine&page=11&pageSize=100');
    expect(deep).toMatchObject({ total: 1005, totalIsEstimate: false });
    expect(deep.items).toHaveLength(5);
  });

  it('counts every match, not only the approved names holding the word', async () => {
    // 600 approved names in the word table, 1,200 horses matching: still "1,000+".
    expect(await list('q=quillon&page=1')).toMatchObject({ total: 1000, totalIsEstimate: true });
    expect(await list('q=quillon&page=10&pageSize=100')).toMatchObject({
      total: 1200,
      totalIsEstimate: false,
    });
    // Within a word ("zephyr" is no key of "Zephyrine Dawn"): the trigram count.
    expect(await list('q=zephyr&page=11&pageSize=100')).toMatchObject({
      total: 1005,
      totalIsEstimate: false,
    });
  });

  it('keeps every other filter in the count', async () => {
    expect(await list('q=zephyrine&approvalStatus=pending')).toMatchObject({
      total: 0,
      totalIsEstimate: false,
    });
    expect(await list('q=quillon&approvalStatus=pending')).toMatchObject({
      total: 600,
      totalIsEstimate: false,
    });
    const paid = await list('q=zephyrine&paymentStatus=paid');
    expect(paid).toMatchObject({ total: 5, totalIsEstimate: false });
    expect(paid.items).toHaveLength(5);
  });
});
