import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import {
  ADMIN,
  bearer,
  createServerDatabase,
  createTestApp,
  login,
  MEMBER_A,
  testConfig,
  type TestApp,
} from '../../test/harness.js';
import { eventually } from '../../test/eventually.js';

/**
 * Session checks, lists and searches are served from memory between changes. These tests warm
 * the copies first, then change the data, and expect the very next answer to show the change.
 */
let test: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
});

afterAll(async () => {
  await test?.close();
});

const list = (token: string, url = '/api/auth/horses') =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

function names(response: { json(): unknown }): string[] {
  const body = response.json() as { data: { items: { firstChoice: string }[] } };
  return body.data.items.map((horse) => horse.firstChoice);
}

describe('cached reads', () => {
  it('show a member’s own registration on the next request', async () => {
    const token = await login(app, MEMBER_A);
    expect(names(await list(token))).toEqual([]);
    expect(names(await list(token))).toEqual([]);
    await registerThroughApi(app, test.database.db, token, { firstChoice: 'Cached Comet' });
    expect(names(await list(token))).toEqual(['Cached Comet']);
    expect(names(await list(token, '/api/auth/pending-horses'))).toEqual(['Cached Comet']);
  });

  it('show a change made by straight SQL (another server, a job) once it is announced', async () => {
    const token = await login(app, MEMBER_A);
    expect(names(await list(token))).toEqual(['Cached Comet']);
    await test.database.db.execute(`update horses set first_choice = 'Renamed Comet'`);
    await eventually(async () => expect(names(await list(token))).toEqual(['Renamed Comet']));
  });

  it('stop trusting a token at once when its member is deactivated', async () => {
    const token = await login(app, MEMBER_A);
    expect((await list(token)).statusCode).toBe(200);
    expect((await list(token)).statusCode).toBe(200);
    const admin = await login(app, ADMIN, 'admin');
    const id = await userId(test.database.db, MEMBER_A.email);
    const off = await app.inject({
      method: 'PUT',
      url: `/api/admin/member/${id}/deactivate`,
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    expect((await list(token)).statusCode).toBe(401);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/member/${id}/activate`,
      headers: bearer(admin),
    });
  });
});

/**
 * Several servers on one PostgreSQL: a change made through one reaches the copies of the
 * other through NOTIFY, without either asking the database on every request. Always on the
 * PostgreSQL server: the embedded database serves one process only.
 */
describe('cached reads across servers', () => {
  let target: Awaited<ReturnType<typeof createServerDatabase>>;
  const servers: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    target = await createServerDatabase();
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ databaseUrl: target.url, dataDir: undefined });
      const server = await buildApp(testConfig({ uploadsDir: test.uploadsDir }), {
        database,
        mailWorker: false,
        demoHorses: true,
      });
      servers.push({ app: server, database });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { app: server, database } of servers) {
      await server.close();
      await database.close();
    }
    await target?.drop();
  });

  it('sees another server’s writes and sign-outs', async () => {
    const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const token = await login(first.app, MEMBER_A);
    const otherDevice = await login(first.app, MEMBER_A);
    const onSecond = (who: string) =>
      second.app.inject({ method: 'GET', url: '/api/auth/horses', headers: bearer(who) });
    expect((await onSecond(otherDevice)).statusCode).toBe(200);
    const before = names(await onSecond(token));
    expect(before.length).toBeGreaterThan(0);

    await first.database.db.execute(`update horses set first_choice = 'Comet Elsewhere'`);
    await eventually(async () =>
      expect(names(await onSecond(token))).toEqual(before.map(() => 'Comet Elsewhere')),
    );

    const changed = await first.app.inject({
      method: 'PUT',
      url: '/api/members/change-memberPassword',
      headers: bearer(token),
      payload: { currentPassword: MEMBER_A.password, newPassword: 'a-brand-new-passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    await eventually(async () => expect((await onSecond(otherDevice)).statusCode).toBe(401));
    expect((await onSecond(token)).statusCode).toBe(200);
  });
});
