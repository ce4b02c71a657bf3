import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createServerDatabase, testConfig } from '../../test/harness.js';
import { limitScenarios } from '../../test/limit-scenarios.js';

/**
 * The same attacks spread over two servers on one PostgreSQL database: the limit holds for the
 * sum of both. Always on the PostgreSQL server: the embedded database serves one process only.
 */
let target: Awaited<ReturnType<typeof createServerDatabase>>;
const servers: { app: FastifyInstance; database: Database }[] = [];

beforeAll(async () => {
  target = await createServerDatabase();
  for (let i = 0; i < 2; i += 1) {
    const database = await openDatabase({ databaseUrl: target.url, dataDir: undefined });
    const app = await buildApp(
      testConfig({
        rateLimits: {
          loginPerIpPerMinute: 10_000,
        },
      }),
      { database, mailWorker: false, demoHorses: false },
    );
    servers.push({ app, database });
  }
}, 60_000);

afterAll(async () => {
  for (const { app, database } of servers) {
    await app.close();
    await database.close();
  }
  await target?.drop();
});

describe('per-account limits across two servers on one database', () => {
  limitScenarios(() => ({
    apps: servers.map((server) => server.app),
    db: (servers[0] as (typeof servers)[0]).database.db,
  }));
});
