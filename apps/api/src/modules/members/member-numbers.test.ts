import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { ADMIN_MESSAGES, HORSE_MESSAGES, REGISTER_RULE_MESSAGES } from '@registry/domain';
import { users } from '../../db/schema.js';
import { loadConfig } from '../../config.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { REGISTER, encodeForm, sendForm, validFiles, validValues } from '../../test/multipart.js';
import { parseMemberNumberFormat } from '../../numbering.js';
import { assignMissingMemberNumbers } from './member-number.js';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp({ memberNumberFormat: 'GM-{SEQ:4}' });
  [admin, member] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
});
afterAll(() => t.close());

const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), payload });

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  email: `numbered${n}@example.org`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  ...extra,
});

async function importCsv(csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
  const { payload, headers } = await encodeForm(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/members/import?mode=commit',
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}

describe('member numbers are given automatically', () => {
  it('MEMBER_NUMBER_FORMAT is checked with the rest of the configuration', () => {
    expect(() => loadConfig({ MEMBER_NUMBER_FORMAT: 'M-{SEQ}-{SEQ}', DATA_DIR: '/tmp/x' })).toThrow(
      /MEMBER_NUMBER_FORMAT/,
    );
    expect(parseMemberNumberFormat(undefined).render(7, new Date())).toBe('M-0007');
  });

  it('a member created without a number gets the next free one; a typed one is kept', async () => {
    const typed = await api('POST', '/admin/members', person(1, { memberNumber: 'GM-0002' }));
    expect(typed.json().data.memberNumber).toBe('GM-0002');
    const first = await api('POST', '/admin/members', person(2));
    expect(first.statusCode).toBe(201);
    expect(first.json().data.memberNumber).toBe('GM-0001');
    // GM-0002 was typed by hand: skipped, never handed out twice.
    const second = await api('POST', '/admin/members', person(3, { memberNumber: '' }));
    expect(second.json().data.memberNumber).toBe('GM-0003');
    // Emptying the field on edit keeps the number.
    const edited = await api('PUT', `/admin/members/${second.json().data.id}`, person(3));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.memberNumber).toBe('GM-0003');
  });

  it('simultaneous creations get distinct numbers', async () => {
    const responses = await Promise.all(
      [10, 11, 12, 13, 14].map((n) => api('POST', '/admin/members', person(n))),
    );
    const numbers = responses.map((r) => r.json().data.memberNumber as string);
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers.every((n) => /^GM-\d{4}$/.test(n))).toBe(true);
  });

  it('a CSV import numbers its rows in file order, skipping numbers typed in the file', async () => {
    const response = await importCsv(
      'email,firstName,lastName,memberNumber\n' +
        'a@numbers.test,Ann,A,\n' +
        'b@numbers.test,Bo,B,GM-0100\n' +
        'c@numbers.test,Cy,C,\n',
    );
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .select({ email: users.email, memberNumber: users.memberNumber })
      .from(users)
      .where(like(users.email, '%@numbers.test'));
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.memberNumber]));
    expect(byEmail['b@numbers.test']).toBe('GM-0100');
    const [a, c] = [byEmail['a@numbers.test']!, byEmail['c@numbers.test']!];
    expect(Number(c.slice(3))).toBeGreaterThan(Number(a.slice(3)));
  });

  it('members without a number (created before the rule) get one at start-up', async () => {
    const [old] = await t.database.db
      .insert(users)
      .values({ email: 'old@example.org', role: 'member', firstName: 'Old', lastName: 'Timer' })
      .returning();
    expect(
      await assignMissingMemberNumbers(t.database.db, parseMemberNumberFormat('GM-{SEQ:4}')),
    ).toBe(1);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, old!.id));
    expect(after?.memberNumber).toMatch(/^GM-\d{4}$/);
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(adminRow?.memberNumber).toBeNull();
  });
});

describe('member numbers differing only by case, invisible or full-width characters are one', () => {
  const variants = ['gm-0500', 'GM-\u200b0500', '\uff27\uff2d-0500', '\ufeffGm\uff0d0500 '];

  it('the member form stores one spelling and refuses the variants as taken', async () => {
    const created = await api('POST', '/admin/members', person(500, { memberNumber: variants[0] }));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.memberNumber).toBe('GM-0500');
    for (const [i, memberNumber] of variants.entries()) {
      const again = await api('POST', '/admin/members', person(510 + i, { memberNumber }));
      expect(again.statusCode).toBe(409);
      expect(again.json().fields.memberNumber).toBe(ADMIN_MESSAGES.memberNumberTaken);
    }
    // Found by a lookup in any spelling.
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members?q=${encodeURIComponent('\uff47\uff4d-0500')}`,
      headers: bearer(admin),
    });
    expect(found.json().data.items.map((m: { email: string }) => m.email)).toEqual([
      'numbered500@example.org',
    ]);
  });

  it('a CSV import finds the variants in the file and in the database', async () => {
    const response = await importCsv(
      'email,firstName,lastName,memberNumber\n' +
        `v1@variants.test,Ann,A,gm-0600\n` +
        `v2@variants.test,Bo,B,\u200bGM-0600\n` +
        `v3@variants.test,Cy,C,\uff27\uff2d-0500\n`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      '3.memberNumber': ADMIN_MESSAGES.csvDuplicateInFile('memberNumber', 2),
      '4.memberNumber': ADMIN_MESSAGES.csvDuplicateInDb('member number'),
    });
  });

  it('numbers stored before the rule are respelled at start-up, unless that merges two', async () => {
    const inserted = await t.database.db
      .insert(users)
      .values([
        { email: 'legacy1@example.org', role: 'member', memberNumber: 'gm-\u200b0700' },
        { email: 'legacy2@example.org', role: 'member', memberNumber: 'GM-0500\u200b' },
        { email: 'legacy3@example.org', role: 'member', memberNumber: '\u200b' },
      ])
      .returning({ id: users.id });
    await assignMissingMemberNumbers(t.database.db, parseMemberNumberFormat('GM-{SEQ:4}'));
    const after = await Promise.all(
      inserted.map(async ({ id }) => {
        const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
        return row?.memberNumber;
      }),
    );
    expect(after[0]).toBe('GM-0700');
    // GM-0500 is another member's: left for the office to renumber.
    expect(after[1]).toBe('GM-0500\u200b');
    // Nothing visible: given a number of the format.
    expect(after[2]).toMatch(/^GM-\d{4}$/);
  });
});

describe("owners' member numbers are checked against the members", () => {
  const owner = (extra: Record<string, unknown>) => ({
    memberNum: 'M-0001',
    name: 'Avery Walker',
    address: '1 Barn Road',
    city: 'Lexington',
    state: 'Kentucky',
    zip: '40502',
    ...extra,
  });
  const register = (ownerType: string, owners: object[], names: string) =>
    sendForm(
      t.app,
      member,
      REGISTER,
      {
        ...validValues(),
        ownerType,
        owners: JSON.stringify(owners),
        firstChoice: `${names} One`,
        secondChoice: `${names} Two`,
        thirdChoice: `${names} Three`,
      },
      validFiles(),
    );

  it('refuses a number no member has, naming the owner row', async () => {
    const response = await register(
      'Joint',
      [owner({}), owner({ memberNum: 'X-9999', name: 'Someone' })],
      'Unknown',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'owners.1.memberNum': REGISTER_RULE_MESSAGES.memberNumberUnknown,
    });
    const none = await register('Single', [owner({ memberNum: 'none' })], 'Nobody');
    expect(none.statusCode).toBe(400);
    expect(none.json().fields['owners.0.memberNum']).toBe(
      REGISTER_RULE_MESSAGES.memberNumberUnknown,
    );
  });

  it('accepts members (ignoring case) and a co-owner marked as not a member', async () => {
    const response = await register(
      'Joint',
      [
        // Lower case, a zero-width space and a full-width digit: member M-0002, stored as such.
        owner({ memberNum: ' m-\u200b000\uff12 ', name: 'Jordan Reed' }),
        owner({ memberNum: '', nonMember: true, name: 'Pat Doe' }),
      ],
      'Accepted',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.owners[0]).toMatchObject({ memberNum: 'M-0002' });
    expect(response.json().data.owners[1]).toMatchObject({ nonMember: true, memberNum: '' });
  });

  it('a co-owner without a number must be marked; the first owner cannot be', async () => {
    const unmarked = await register('Joint', [owner({}), owner({ memberNum: '' })], 'Unmarked');
    expect(unmarked.statusCode).toBe(400);
    expect(unmarked.json().fields['owners.1.memberNum']).toBe(HORSE_MESSAGES.memberNumRequired);
    const first = await register(
      'Joint',
      [owner({ memberNum: '', nonMember: true }), owner({})],
      'FirstMarked',
    );
    expect(first.statusCode).toBe(400);
    expect(first.json().fields['owners.0.memberNum']).toBe(
      REGISTER_RULE_MESSAGES.firstOwnerMustBeMember,
    );
  });
});
