import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@registry/domain';
import { auditLog, mailOutbox, setPasswordTokens, users } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://registry.example' });
  admin = await login(t.app, ADMIN, 'admin');
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), payload });

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  email: `Person${n}@Example.org`,
  memberNumber: `M-${1000 + n}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  phone: '555-010-0000',
  address: `${n} Main St`,
  city: n % 2 ? 'Nashville' : 'Lexington',
  state: 'Tennessee',
  zip: '37201',
  ...extra,
});

describe('members CRUD', () => {
  it('creates a member with every profile field, without a password', async () => {
    const response = await api('POST', '/admin/members', person(1));
    expect(response.statusCode).toBe(201);
    const member = response.json().data;
    expect(member).toMatchObject({
      email: 'person1@example.org',
      memberNumber: 'M-1001',
      name: 'First1 Last1',
      city: 'Nashville',
      zip: '37201',
      active: true,
      hasPassword: false,
      horseCount: 0,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, member.id));
    expect(entry?.action).toBe('member.create');
  });

  it('refuses a taken email or member number with 409 and the field', async () => {
    const email = await api('POST', '/admin/members', person(2, { email: 'PERSON1@example.org' }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      error: ADMIN_MESSAGES.emailTaken,
      fields: { email: ADMIN_MESSAGES.emailTaken },
    });
    const number = await api('POST', '/admin/members', person(2, { memberNumber: 'M-1001' }));
    expect(number.statusCode).toBe(409);
    expect(number.json().fields.memberNumber).toBe(ADMIN_MESSAGES.memberNumberTaken);
    const missing = await api('POST', '/admin/members', { email: 'bad', firstName: '' });
    expect(missing.statusCode).toBe(400);
  });

  it('edits a member; their own email and number are not a conflict, others are', async () => {
    const created = (await api('POST', '/admin/members', person(3))).json().data;
    const same = await api('PUT', `/admin/members/${created.id}`, person(3, { city: 'Memphis' }));
    expect(same.statusCode).toBe(200);
    expect(same.json().data.city).toBe('Memphis');
    const clash = await api(
      'PUT',
      `/admin/members/${created.id}`,
      person(3, { memberNumber: 'M-1001' }),
    );
    expect(clash.statusCode).toBe(409);
    expect((await api('PUT', `/admin/members/${crypto.randomUUID()}`, person(9))).statusCode).toBe(
      404,
    );
  });

  it('lists with paging, search over name, email, number and city, and sorting', async () => {
    for (const n of [4, 5, 6, 7]) await api('POST', '/admin/members', person(n));
    const page = (await api('GET', '/admin/members?page=1&pageSize=2&sort=email&order=desc')).json()
      .data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(7);
    expect(page.items[0].email > page.items[1].email).toBe(true);
    expect(page.items.every((m: { email: string }) => m.email !== ADMIN.email)).toBe(true);

    const byNumber = (await api('GET', '/admin/members/search?q=m-1005')).json().data;
    expect(byNumber.items.map((m: { email: string }) => m.email)).toEqual(['person5@example.org']);
    const byName = (await api('GET', '/admin/members?q=first6%20last6')).json().data;
    expect(byName.total).toBe(1);
    const byCity = (await api('GET', '/admin/members?q=memphis')).json().data;
    expect(byCity.items.map((m: { email: string }) => m.email)).toEqual(['person3@example.org']);
    const sorted = (
      await api('GET', '/admin/members?sort=memberNumber&order=asc&pageSize=100')
    ).json().data;
    const numbers = sorted.items
      .map((m: { memberNumber: string | null }) => m.memberNumber)
      .filter(Boolean);
    expect(numbers).toEqual([...numbers].sort());
    expect((await api('GET', '/admin/members?sort=password')).statusCode).toBe(400);
  });

  it('sorts names and cities by locale: accents and case do not send a name to the end', async () => {
    const names = ['Walker', 'Ñúñez', 'adams', 'Nunez', 'Émile', 'Zorn'];
    for (const [i, lastName] of names.entries()) {
      const created = await api(
        'POST',
        '/admin/members',
        person(40 + i, { lastName, city: lastName === 'Ñúñez' ? 'Ávila' : 'Boston' }),
      );
      expect(created.statusCode).toBe(201);
    }
    const order = async (sort: string, dir: string) =>
      (await api('GET', `/admin/members?q=example.org&sort=${sort}&order=${dir}&pageSize=100`))
        .json()
        .data.items.filter((m: { email: string }) => /^person4[0-5]@/.test(m.email))
        .map((m: { lastName: string }) => m.lastName);
    expect(await order('name', 'asc')).toEqual([
      'adams',
      'Émile',
      'Nunez',
      'Ñúñez',
      'Walker',
      'Zorn',
    ]);
    expect(await order('name', 'desc')).toEqual([
      'Zorn',
      'Walker',
      'Ñúñez',
      'Nunez',
      'Émile',
      'adams',
    ]);
    // Ávila before Boston (the C collation put every accented city after Z).
    expect((await order('city', 'asc'))[0]).toBe('Ñúñez');
  });

  it('refuses to delete a member who owns horses, then deletes one who does not', async () => {
    const memberA = await userId(t.database.db, MEMBER_A.email);
    await registerThroughApi(t.app, t.database.db, await login(t.app, MEMBER_A));
    const refused = await api('DELETE', `/admin/members/${memberA}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This member owns 1 horse. Transfer them before deleting.');
    // The list and the record count the same horse (the list once compared horses with itself).
    expect((await api('GET', `/admin/members/${memberA}`)).json().data.horseCount).toBe(1);
    const listed = (await api('GET', `/admin/members?q=${encodeURIComponent(MEMBER_A.email)}`))
      .json()
      .data.items.find((m: { id: string }) => m.id === memberA);
    expect(listed?.horseCount).toBe(1);

    const created = (await api('POST', '/admin/members', person(8))).json().data;
    expect((await api('DELETE', `/admin/members/${created.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/members/${created.id}`)).statusCode).toBe(404);
  });
});

/** Asks whether a set-password link works, the way the page does: the token in the body. */
const checkLink = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/set-password/check', payload: { token } });

async function latestLink(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  // The token rides in the fragment, which browsers never send to a server (issue 28 §5).
  const match = /https:\/\/registry\.example\/set-password#token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no link in ${mail?.text}`);
  return match[1];
}

describe('send credentials and set-password links', () => {
  it('emails a single-use link; the member sets a password and signs in with it', async () => {
    const member = (await api('POST', '/admin/members', person(20))).json().data;
    const sent = await api('POST', `/admin/send-membercredentials/${member.id}`);
    expect(sent.statusCode).toBe(200);
    const token = await latestLink(member.email);
    const [stored] = await t.database.db
      .select()
      .from(setPasswordTokens)
      .where(eq(setPasswordTokens.userId, member.id));
    expect(stored?.tokenHash).not.toContain(token);

    const check = await checkLink(token);
    expect(check.json().data).toEqual({ email: member.email, office: false });
    // The token is never part of an address the API answers.
    const inPath = await t.app.inject({ method: 'GET', url: `/api/auth/set-password/${token}` });
    expect(inPath.statusCode).toBe(404);
    expect(inPath.body).not.toContain(member.email);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBeTruthy();

    const password = 'stable-hay-bale-42';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password },
    });
    expect(set.statusCode).toBe(200);
    expect(await login(t.app, { email: member.email, password })).toBeTruthy();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'another-good-pass-9' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(ADMIN_MESSAGES.linkInvalid);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.passwordHash).not.toContain(password);
  });

  it('a new link voids the older one, and an expired link does not work', async () => {
    const member = (await api('POST', '/admin/members', person(21))).json().data;
    await api('POST', `/admin/send-membercredentials/${member.id}`);
    const first = await latestLink(member.email);
    await api('POST', `/admin/send-membercredentials/${member.id}`);
    const second = await latestLink(member.email);
    expect(second).not.toBe(first);
    const old = await checkLink(first);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe(ADMIN_MESSAGES.linkInvalid);
    expect((await checkLink(second)).statusCode).toBe(200);
    expect((await checkLink('')).statusCode).toBe(400);

    await t.database.db
      .update(setPasswordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(setPasswordTokens.userId, member.id));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: second, password: 'stable-hay-bale-42' },
    });
    expect(expired.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.passwordHash).toBeNull();
  });

  it('the link expires 72 hours after it was sent; inactive members get none', async () => {
    const member = (await api('POST', '/admin/members', person(22))).json().data;
    const sent = (await api('POST', `/admin/send-membercredentials/${member.id}`)).json().data;
    const hours = (Date.parse(sent.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    await api('PUT', `/admin/member/${member.id}/deactivate`);
    const refused = await api('POST', `/admin/send-membercredentials/${member.id}`);
    expect(refused.statusCode).toBe(409);
  });

  it("a member's audit list shows the admin's actions and their sign-ins", async () => {
    const member = (await api('POST', '/admin/members', person(23))).json().data;
    await api('POST', `/admin/send-membercredentials/${member.id}`);
    const token = await latestLink(member.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'stable-hay-bale-42' },
    });
    await login(t.app, { email: member.email, password: 'stable-hay-bale-42' });
    const audit = (await api('GET', `/admin/members/${member.id}/audit`)).json().data;
    const actions = audit.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.create',
        'member.send-credentials',
        'member.set-password',
        'auth.login',
      ]),
    );
    const create = audit.items.find((e: { action: string }) => e.action === 'member.create');
    expect(create.actor.email).toBe(ADMIN.email);
    expect(audit.items.find((e: { action: string }) => e.action === 'auth.login').ip).toBeTruthy();
  });
});
