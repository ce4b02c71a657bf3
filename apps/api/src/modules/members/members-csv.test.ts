import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq, like } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@registry/domain';
import { auditLog, users } from '../../db/schema.js';
import { ADMIN, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { encodeForm } from '../../test/multipart.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
});
afterAll(() => t.close());

async function importCsv(csv: string | Buffer, mode: 'preview' | 'commit') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
  const { payload, headers } = await encodeForm(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/members/import?mode=${mode}`,
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}

const imported = async () =>
  (await t.database.db.select().from(users).where(like(users.email, '%@import.test'))).length;

const header = 'memberNumber,email,firstName,lastName,city\n';

describe('CSV import', () => {
  const bad =
    header +
    'I-1,one@import.test,Ann,One,Nashville\n' + // row 2: fine
    'I-2,not-an-email,Bob,Two,Memphis\n' + // row 3: bad email
    'I-3,ONE@import.test,Cy,Three,\n' + // row 4: duplicate email in file (row 2)
    'I-4,four@import.test,,Four,\n' + // row 5: first name missing
    'I-5,member1@example.org,Dee,Five,\n'; // row 6: already in the database

  it('previews every row with its errors and row numbers', async () => {
    const response = await importCsv(bad, 'preview');
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report).toMatchObject({ mode: 'preview', totalRows: 5, errorRows: 4, imported: 0 });
    const errors = Object.fromEntries(
      report.rows.map((r: { row: number; errors: object }) => [r.row, r.errors]),
    );
    expect(errors[2]).toEqual({});
    expect(errors[3].email).toBe('Please enter a valid email');
    expect(errors[4].email).toBe(ADMIN_MESSAGES.csvDuplicateInFile('email', 2));
    expect(errors[5].firstName).toBe(ADMIN_MESSAGES.firstNameRequired);
    expect(errors[6].email).toBe(ADMIN_MESSAGES.csvDuplicateInDb('email'));
    expect(await imported()).toBe(0);
  });

  it('refuses to commit a file with errors and imports nothing of it', async () => {
    const response = await importCsv(bad, 'commit');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: ADMIN_MESSAGES.csvHasErrors,
      fields: {
        '3.email': 'Please enter a valid email',
        '5.firstName': ADMIN_MESSAGES.firstNameRequired,
      },
    });
    expect(await imported()).toBe(0);
  });

  it('commits a good file in one go (header in any order and case, BOM, quotes)', async () => {
    const good =
      '\ufeffEmail,LASTNAME,firstName,memberNumber,address\n' +
      'a@import.test,Ames,Al,I-10,"1 Road, Apt 2"\n' +
      'b@import.test,Bell,Bea,,\n';
    const response = await importCsv(good, 'commit');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ mode: 'commit', imported: 2, errorRows: 0 });
    const [a] = await t.database.db.select().from(users).where(like(users.email, 'a@import.test'));
    expect(a).toMatchObject({
      lastName: 'Ames',
      memberNumber: 'I-10',
      address: '1 Road, Apt 2',
      passwordHash: null,
    });
    // The same file again: every row is now a duplicate of the database.
    const again = await importCsv(good, 'commit');
    expect(again.statusCode).toBe(400);
    expect(await imported()).toBe(2);
  });

  it('refuses unknown columns, missing required columns, a missing file and a file over 2 MB', async () => {
    const unknown = await importCsv('email,firstName,lastName,password\n', 'preview');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(ADMIN_MESSAGES.csvUnknownColumn('password'));
    const missing = await importCsv('email,firstName\nx@import.test,X\n', 'preview');
    expect(missing.json().error).toBe(ADMIN_MESSAGES.csvMissingColumn('lastName'));
    const big = await importCsv(Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), 'preview');
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(ADMIN_MESSAGES.csvTooLarge);
    const { payload, headers } = await encodeForm(new FormData());
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/members/import',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('exports every member as text/csv with formula cells neutralised, and re-imports them', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/members',
      headers: bearer(admin),
      payload: {
        email: 'formula@export.test',
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: '+Plus',
        city: '@SUM(A1)',
        address: '-2+3',
      },
    });
    expect(create.statusCode).toBe(201);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members/export.csv',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const exports = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member.export'));
    expect(exports).toHaveLength(1);
    const [head, ...rows] = parse(response.body) as string[][];
    expect(head).toContain('email');
    expect(rows.some((r) => r.includes(ADMIN.email))).toBe(false);
    const row = rows.find((r) => r.includes('formula@export.test'));
    expect(row).toBeDefined();
    for (const cell of row ?? []) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(row).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(row).toContain("'+Plus");

    await t.database.db.delete(users).where(like(users.email, 'formula@export.test'));
    const back = await importCsv(
      [head ?? [], row ?? []]
        .map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))
        .join('\n'),
      'commit',
    );
    expect(back.statusCode).toBe(200);
    const [restored] = await t.database.db
      .select()
      .from(users)
      .where(like(users.email, 'formula@export.test'));
    expect(restored?.firstName).toBe('=HYPERLINK("http://evil.example","x")');
  });

  it('neutralises cells that start a formula once folded or behind invisible characters', async () => {
    const sneaky = {
      firstName: '\uff1dHYPERLINK("http://evil.example","x")', // full-width =
      lastName: '\u200b=SUM(A1)', // zero-width space first
      city: '\u200c\uff0b1', // zero-width non-joiner, then full-width +
      address: '\uff20A1', // full-width @
      phone: '\u2060\uff0d1', // word joiner, then full-width -
    };
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/members',
      headers: bearer(admin),
      payload: { email: 'sneaky@export.test', ...sneaky, phone: undefined },
    });
    expect(create.statusCode).toBe(201);
    // The phone rule refuses such a value, so it is written to the row directly.
    await t.database.db
      .update(users)
      .set({ phone: sneaky.phone })
      .where(eq(users.email, 'sneaky@export.test'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members/export.csv',
      headers: bearer(admin),
    });
    const [head, ...rows] = parse(response.body, { bom: true }) as string[][];
    const row = rows.find((r) => r.includes('sneaky@export.test')) ?? [];
    const cell = (column: string) => row[(head ?? []).indexOf(column)];
    for (const [column, value] of Object.entries(sneaky)) expect(cell(column)).toBe(`'${value}`);
    // A plain value is left alone.
    expect(cell('email')).toBe('sneaky@export.test');

    // The import takes the apostrophes off again.
    await t.database.db.delete(users).where(eq(users.email, 'sneaky@export.test'));
    const back = await importCsv(
      [head ?? [], row]
        .map((r) =>
          r
            .filter((_, i) => (head ?? [])[i] !== 'phone')
            .map((c) => `"${c.replace(/"/g, '""')}"`)
            .join(','),
        )
        .join('\n'),
      'commit',
    );
    expect(back.statusCode).toBe(200);
    const [restored] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sneaky@export.test'));
    expect(restored).toMatchObject({
      firstName: sneaky.firstName,
      lastName: sneaky.lastName,
      city: sneaky.city,
      address: sneaky.address,
    });
  });
});
