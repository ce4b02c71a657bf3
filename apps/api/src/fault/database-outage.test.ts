import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@registry/domain';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { bearer, createServerDatabase, login, MEMBER_A, testConfig } from '../test/harness.js';
import { TcpCutter } from '../test/tcp-cutter.js';
import { until } from '../test/eventually.js';
import type { FastifyInstance } from 'fastify';

/**
 * PostgreSQL going away mid-run: requests get 503 with a clear message (never a 500 or a hang)
 * and the service comes back by itself when the database does, without a restart. Always runs
 * against the real PostgreSQL server (the embedded database cannot go away).
 */
let target: Awaited<ReturnType<typeof createServerDatabase>>;
let cutter: TcpCutter;
let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  target = await createServerDatabase();
  const url = new URL(target.url);
  cutter = new TcpCutter(url.hostname, Number(url.port || 5432));
  await cutter.start();
  url.host = `127.0.0.1:${cutter.port}`;
  database = await openDatabase({ databaseUrl: url.toString(), dataDir: undefined });
  app = await buildApp(testConfig(), { database, mailWorker: false, demoHorses: true });
  token = await login(app, MEMBER_A);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await cutter?.cut();
  await target?.drop();
});

const listHorses = () =>
  app.inject({ method: 'GET', url: '/api/auth/horses', headers: bearer(token) });

describe('database outage', () => {
  it('answers 503 with a clear message while PostgreSQL is away, then recovers alone', async () => {
    expect((await listHorses()).statusCode).toBe(200);

    await cutter.cut();
    // Copies of reads are served only while change notifications flow; their connection was cut
    // too, so they stop at once and every request goes to the (absent) database.
    await until(() => !app.changes.live, 'cached reads are off', 15_000);
    const during = await listHorses();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      success: false,
      error: GENERIC_MESSAGES.databaseUnavailable,
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: MEMBER_A,
    });
    expect(signIn.statusCode).toBe(503);
    // Every other route too: 503 (or a 4xx decided before the database is needed), never 500.
    const refused: string[] = [];
    for (const route of app.routeTable) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const answer = await app.inject({
        method: route.method as 'POST',
        url,
        headers: route.access === 'public' ? {} : bearer(token),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (answer.statusCode >= 500 && answer.statusCode !== 503) {
        refused.push(`${route.method} ${route.url} -> ${answer.statusCode} ${answer.body}`);
      }
    }
    expect(refused.join('\n')).toBe('');

    await cutter.restore();
    let after = await listHorses();
    // The pool drops its dead connections on first use; allow it a few quick tries.
    for (let tries = 0; after.statusCode !== 200 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await listHorses();
    }
    expect(after.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The notification listener reconnects by itself too, and copies are used again.
    await until(() => app.changes.live, 'change notifications flow again', 15_000);
  }, 60_000);
});
