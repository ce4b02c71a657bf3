import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

/**
 * The list and search routes answer from kept pages (read-cache/json-answers.ts) and prepared
 * statements, while the caller's session is checked by the access plugin (modules/auth/access.ts)
 * before any of that: a revoked or forged token must still get nothing, with rows to answer and
 * without, with the read cache on (the default) and off.
 */
const LISTS = [
  '/api/auth/horses?page=1&pageSize=10',
  '/api/auth/pending-horses',
  '/api/auth/horses/approvalStatus=pending',
  '/api/auth/horses/search?q=&page=1&pageSize=10',
];
/** The same routes with queries that match nothing: the statement returns no row at all. */
const EMPTY = [
  '/api/auth/horses?q=no-such-horse-anywhere',
  '/api/auth/pending-horses?q=no-such-horse-anywhere',
  '/api/auth/horses/search?q=no-such-horse-anywhere',
];

describe.each([
  ['off', { readCacheMs: 0 }],
  ['on', {}],
] as const)('list and search sessions, read cache %s', (_cache, overrides) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(overrides, { demoHorses: true });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const statuses = async (urls: string[], token: string) =>
    Promise.all(urls.map(async (url) => (await get(url, token)).statusCode));

  it('answers a live session, pages with rows and without', async () => {
    const token = await login(t.app, MEMBER_A);
    expect(await statuses([...LISTS, ...EMPTY], token)).toEqual(
      [...LISTS, ...EMPTY].map(() => 200),
    );
    const empty = (await get(EMPTY[0]!, token)).json().data;
    expect(empty).toMatchObject({ items: [], total: 0, page: 1 });
    // A page past the end still knows the total.
    const all = (await get('/api/auth/horses', token)).json().data;
    const past = (await get('/api/auth/horses?page=50', token)).json().data;
    expect(past).toMatchObject({ items: [], total: all.total, page: 50 });
    expect(all.total).toBeGreaterThan(0);
  });

  it('refuses a signed-out token at once, whether or not the page has rows', async () => {
    const token = await login(t.app, MEMBER_A);
    // Seen first, so any copy of the checked token or of the pages exists before the sign-out.
    expect(await statuses([...LISTS, ...EMPTY], token)).toEqual(
      [...LISTS, ...EMPTY].map(() => 200),
    );
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect(await statuses([...LISTS, ...EMPTY], token)).toEqual(
      [...LISTS, ...EMPTY].map(() => 401),
    );
  });

  it('refuses a session ended by another server (straight SQL) once it is announced', async () => {
    const token = await login(t.app, MEMBER_A);
    expect(await statuses(LISTS, token)).toEqual(LISTS.map(() => 200));
    const [claims] = token
      .split('.')
      .slice(1, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where id = ${String(claims.sid)}`,
    );
    // The trigger's notification moves the change feed; with the cache off nothing was kept.
    for (let i = 0; i < 50 && (await get(LISTS[0]!, token)).statusCode !== 401; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await statuses([...LISTS, ...EMPTY], token)).toEqual(
      [...LISTS, ...EMPTY].map(() => 401),
    );
  });

  it('refuses an administrator with 403, and a forged or missing token with 401', async () => {
    const admin = await login(t.app, ADMIN, 'admin');
    expect(await statuses([...LISTS, ...EMPTY], admin)).toEqual(
      [...LISTS, ...EMPTY].map(() => 403),
    );
    const member = await login(t.app, MEMBER_A);
    const [header, body] = member.split('.');
    const forged = `${header}.${body}.${'A'.repeat(43)}`;
    expect(await statuses(LISTS, forged)).toEqual(LISTS.map(() => 401));
    const none = await t.app.inject({ method: 'GET', url: LISTS[0]! });
    expect(none.statusCode).toBe(401);
  });
});
