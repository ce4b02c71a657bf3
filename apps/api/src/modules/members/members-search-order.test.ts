import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, getData, login, type TestApp } from '../../test/harness.js';

/**
 * The office's Members search in name order (issue 30): members whose whole last name is the
 * search come first, then every other match, each part by name; the total counts both, bounded
 * as every list (docs/decisions/0122-members-search-at-scale.md).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  await t.database.db.execute(sql`
    insert into users (email, role, first_name, last_name, city, active) values
      ('w1@example.org', 'member', 'Carl', 'Zebrafinch', 'Elsewhere', true),
      ('w2@example.org', 'member', 'Anna', 'zebrafinch', 'Elsewhere', true),
      ('w3@example.org', 'member', 'Bea', 'Zebrafinch', 'Elsewhere', false),
      ('w4@example.org', 'member', 'Aaron', 'Zebrafinches', 'Elsewhere', true),
      ('w5@example.org', 'member', 'Zebrafinch', 'Abbott', 'Elsewhere', true),
      ('zebrafinch@example.org', 'member', 'Yves', 'Young', 'Elsewhere', true),
      ('w7@example.org', 'member', 'Dora', 'Adams', 'Zebrafinch Falls', true),
      ('w8@example.org', 'member', 'Otto', 'Other', 'Elsewhere', true)`);
  // More members of one last name than a page counts ahead, and one whose name holds it.
  await t.database.db.execute(sql`
    insert into users (email, role, first_name, last_name)
    select 'quokka' || i || '@example.org', 'member', 'Q' || lpad(i::text, 5, '0'), 'Quokka'
    from generate_series(1, 1005) as i`);
  await t.database.db.execute(sql`
    insert into users (email, role, first_name, last_name)
    values ('qt@example.org', 'member', 'Aaron', 'Aquokkaton')`);
});
afterAll(() => t.close());

type Listed = {
  items: { email: string; firstName: string; lastName: string }[];
  total: number;
  totalIsEstimate: boolean;
};

const list = (query: string) => getData<Listed>(t.app, `/api/admin/members?${query}`, admin);
const names = (listed: Listed) => listed.items.map((m) => `${m.firstName} ${m.lastName}`);

describe('Members search in name order', () => {
  const wholeLastName = ['Anna zebrafinch', 'Bea Zebrafinch', 'Carl Zebrafinch'];
  const rest = ['Zebrafinch Abbott', 'Dora Adams', 'Yves Young', 'Aaron Zebrafinches'];

  it('lists whole last-name matches first, then every other match, each by name', async () => {
    const listed = await list('q=ZebraFinch&pageSize=20');
    expect(names(listed)).toEqual([...wholeLastName, ...rest]);
    expect(listed).toMatchObject({ total: 7, totalIsEstimate: false });
    const backwards = await list('q=zebrafinch&order=desc&pageSize=20');
    expect(names(backwards)).toEqual([...wholeLastName].reverse().concat([...rest].reverse()));
    const active = await list('q=zebrafinch&active=true&pageSize=20');
    expect(names(active)).toEqual(['Anna zebrafinch', 'Carl Zebrafinch', ...rest]);
    expect(active.total).toBe(6);
  });

  it('pages across both parts', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page += 1) {
      const listed = await list(`q=zebrafinch&pageSize=2&page=${page}`);
      expect(listed).toMatchObject({ total: 7, totalIsEstimate: false });
      pages.push(...names(listed));
    }
    expect(pages).toEqual([...wholeLastName, ...rest]);
  });

  it('keeps one order over every match in the other sorts', async () => {
    const listed = await list('q=zebrafinch&sort=email&pageSize=20');
    expect(listed.items.map((m) => m.email)).toEqual([
      'w1@example.org',
      'w2@example.org',
      'w3@example.org',
      'w4@example.org',
      'w5@example.org',
      'w7@example.org',
      'zebrafinch@example.org',
    ]);
  });

  it('bounds the count by the first part alone and reaches the rest past it', async () => {
    const first = await list('q=quokka&pageSize=10');
    expect(first).toMatchObject({ total: 1000, totalIsEstimate: true });
    expect(first.items.map((m) => m.firstName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Q${String(i + 1).padStart(5, '0')}`),
    );
    // Past row 1,000 the count reaches the end: 1,005 Quokkas, then the one name holding it.
    const last = await list('q=quokka&pageSize=10&page=101');
    expect(last).toMatchObject({ total: 1006, totalIsEstimate: false });
    expect(names(last)).toEqual([
      'Q01001 Quokka',
      'Q01002 Quokka',
      'Q01003 Quokka',
      'Q01004 Quokka',
      'Q01005 Quokka',
      'Aaron Aquokkaton',
    ]);
  });
});
