import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

/**
 * The members' search of three characters or more (docs/decisions/0120-member-search-words.md):
 * names holding the search's first word (or first two words) as whole words come first, in name
 * order, from derived.horse_name_words; every other horse containing the text follows, in name
 * order; the count is bounded as on every list. The word table is kept by triggers on horses.
 */
const MANY = 1_100;
let t: TestApp;
let member: string;

type Page = { items: { approvedName: string }[]; total: number; totalIsEstimate: boolean };
async function search(query: string): Promise<Page> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/horses/search?${query}`,
    headers: bearer(member),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
}
const names = (page: Page) => page.items.map((item) => item.approvedName);

/** Horses of MEMBER_A by SQL: [approved name, status, sire, sex]. */
async function insert(rows: [string, string, string, string][]) {
  for (const [name, status, sire, sex] of rows) {
    await t.database.db.execute(sql`
      insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
        registration_number, approval_status, sex, color, state_foaled_in, foal_date, sire_name,
        details)
      select u.id, case when ${status} = 'approved' then ${name} end, ${name}, ${name} || ' II',
        ${name} || ' III', case when ${status} = 'approved' then 'WRD-' || md5(${name}) end,
        ${status}, ${sex}, 'Bay', 'Tennessee', date '2015-01-01', ${sire}, '{}'::jsonb
      from users u where u.email = ${MEMBER_A.email}`);
  }
}

/** The word table against the words of the approved names as they are now (both ways). */
async function wordTableDrift() {
  const rows = await t.database.db.execute(sql`
    select count(*)::int as n from (
      (select w.key, w.approved_name, w.registration_number, w.horse_id from derived.horse_name_words w
       except select k, h.approved_name, h.registration_number, h.id from horses h
         cross join lateral derived.name_words(h.approved_name) as k
         where h.approval_status = 'approved' and h.approved_name is not null)
      union all
      (select k, h.approved_name, h.registration_number, h.id from horses h
         cross join lateral derived.name_words(h.approved_name) as k
         where h.approval_status = 'approved' and h.approved_name is not null
       except select w.key, w.approved_name, w.registration_number, w.horse_id from derived.horse_name_words w)
    ) drift`);
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  member = await login(t.app, MEMBER_A);
  // Many whole-word names, sorting after names that contain the word only within a word.
  await t.database.db.execute(sql`
    insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
      registration_number, approval_status, sex, color, state_foaled_in, foal_date, details)
    select u.id, 'Vivid Nova ' || i, 'Vivid Nova ' || i, 'Second ' || i, 'Third ' || i,
      'NOVA-' || i, 'approved', 'Mare', 'Bay', 'Tennessee', date '2015-01-01', '{}'::jsonb
    from generate_series(1, ${MANY}) as i
    cross join (select id from users where email = ${MEMBER_A.email}) u`);
  await insert([
    ['Anovatic Dream', 'approved', 'Unknown', 'Mare'],
    ['Zephyr Comet', 'approved', 'Unknown', 'Mare'],
    ['Comet Ridge', 'approved', 'Unknown', 'Stallion'],
    ["Blue-Comet's Pride", 'approved', 'Unknown', 'Mare'],
    ['Cometary Lass', 'approved', 'Unknown', 'Mare'],
    ['Aaron Gold', 'approved', 'Comet King', 'Stallion'],
    ['Comet Pending', 'pending', 'Unknown', 'Mare'],
    ['Comet Rejected', 'rejected', 'Unknown', 'Mare'],
  ]);
});
afterAll(() => t.close());

describe("the members' search by whole words first", () => {
  it('answers a word thousands of names hold from the word table, bounded like every count', async () => {
    const first = await search('q=nova&page=1&pageSize=10');
    expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
    // Whole-word names first, in name order ("Vivid Nova 1", "... 10", "... 100", ...): the
    // name containing "nova" inside a word ("Anovatic", first by name) comes after them.
    expect(names(first)).toEqual(
      ['1', '10', '100', '1000', '1001', '1002', '1003', '1004', '1005', '1006'].map(
        (n) => `Vivid Nova ${n}`,
      ),
    );
    // The page holding the last whole-word name, then the rest: 1,100 + 1 matches in all.
    const last = await search('q=nova&page=158&pageSize=7');
    expect(last).toMatchObject({ total: MANY + 1, totalIsEstimate: false });
    expect(names(last)).toEqual(['Vivid Nova 999', 'Anovatic Dream']);
    // Inside a word only, in more names than the bound: the rest alone, walked in name order.
    const inside = await search('q=ivid%20nov&page=1&pageSize=3');
    expect(inside).toMatchObject({ total: 1000, totalIsEstimate: true });
    expect(names(inside)).toEqual(['Vivid Nova 1', 'Vivid Nova 10', 'Vivid Nova 100']);
    expect(await search('q=zzqx&page=1')).toMatchObject({ items: [], total: 0 });
    const pair = await search('q=vivid%20nova%2011&page=1&pageSize=20');
    // "vivid nova" is the key; the whole text narrows it: 11, 110-119 and 1100.
    expect(pair.total).toBe(12);
    expect(names(pair)[0]).toBe('Vivid Nova 11');
  });

  it('lists whole-word names, then every other match, each in name order, page after page', async () => {
    const all = await search('q=comet&page=1&pageSize=20');
    const expected = [
      // Whole words (of the name), by name.
      "Blue-Comet's Pride",
      'Comet Ridge',
      'Zephyr Comet',
      // Contained elsewhere (the sire, within a word), by name; pending and rejected never.
      'Aaron Gold',
      'Cometary Lass',
    ];
    expect(names(all)).toEqual(expected);
    expect(all).toMatchObject({ total: 5, totalIsEstimate: false });
    const paged: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await search(`q=comet&page=${page}&pageSize=2`);
      expect(answer).toMatchObject({ total: 5, totalIsEstimate: false });
      paged.push(...names(answer));
    }
    expect(paged).toEqual(expected);
    expect(await search('q=comet&page=4&pageSize=2')).toMatchObject({ items: [], total: 5 });
    // Two words as written, and a filter, checked against the horse itself.
    expect(names(await search('q=blue-comet&page=1'))).toEqual(["Blue-Comet's Pride"]);
    expect(names(await search('q=comet&sex=Stallion&page=1'))).toEqual([
      'Comet Ridge',
      'Aaron Gold',
    ]);
    // Within a word only: no key matches, the contained text still does.
    expect(names(await search('q=ometar&page=1'))).toEqual(['Cometary Lass']);
  });

  it('keeps the word table in step with renames, approvals, rejections and deletions', async () => {
    expect(await wordTableDrift()).toBe(0);
    const db = t.database.db;
    await db.execute(
      sql`update horses set approved_name = 'Comet Renamed' where approved_name = 'Zephyr Comet'`,
    );
    await db.execute(sql`update horses set approval_status = 'approved', approved_name = first_choice,
      registration_number = 'WRD-approved' where first_choice = 'Comet Pending'`);
    await db.execute(
      sql`update horses set approval_status = 'rejected' where approved_name = 'Comet Ridge'`,
    );
    await db.execute(sql`delete from horses where approved_name = 'Cometary Lass'`);
    // An update that changes no name, number or status leaves the table as it was.
    await db.execute(
      sql`update horses set color = 'Black' where approved_name like 'Vivid Nova 1%'`,
    );
    expect(await wordTableDrift()).toBe(0);
    expect(names(await search('q=comet&page=1&pageSize=20'))).toEqual([
      "Blue-Comet's Pride",
      'Comet Pending',
      'Comet Renamed',
      'Aaron Gold',
    ]);
    expect(names(await search('q=zephyr&page=1'))).toEqual([]);
  });
});
