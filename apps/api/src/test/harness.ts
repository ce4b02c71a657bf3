import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

/**
 * API tests run twice: on an in-memory PGlite (default) and, with TEST_DATABASE=postgres, on a
 * real PostgreSQL server, each test file in a database of its own created for it.
 */
export const usingPostgres = process.env.TEST_DATABASE === 'postgres';
const serverUrl = process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export const ADMIN = { email: 'admin@test.org', password: 'admin-password-1' };
export const DEMO_PASSWORD = 'member-password-1';
export const MEMBER_A = { email: 'member1@example.org', password: DEMO_PASSWORD };
export const MEMBER_B = { email: 'member2@example.org', password: DEMO_PASSWORD };

/**
 * Uploads of apps built straight from testConfig (restart tests) go here, never into the working
 * directory; removed when the test process ends.
 */
let fallbackUploads: string | undefined;
function fallbackUploadsDir(): string {
  if (!fallbackUploads) {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-uploads-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    fallbackUploads = dir;
  }
  return fallbackUploads;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const uploadsDir =
    overrides.uploadsDir ??
    (overrides.dataDir ? path.join(overrides.dataDir, 'uploads') : fallbackUploadsDir());
  return loadConfig(
    { INIT_CWD: process.cwd() },
    {
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      demoData: true,
      demoPassword: DEMO_PASSWORD,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
      dataDir: '',
      // Load shedding is off unless a test sets these (overload.test.ts): on a busy machine the
      // suite's own slow turns (PGlite answers in the event loop) made unrelated tests get 503.
      overload: {
        maxLagMs: 600_000,
        maxQueue: 1_000_000,
        maxInFlight: 1_000_000,
        maxHeapBytes: Number.MAX_SAFE_INTEGER,
        retryAfterSeconds: 2,
      },
      ...overrides,
      uploadsDir,
    },
  );
}

async function withServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the PostgreSQL server: empty, or a copy of `template` (a database
 * nobody is connected to).
 */
export async function createServerDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `registry_test_${randomBytes(6).toString('hex')}`;
  await withServer((client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withServer((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const migrationsDir = path.resolve(import.meta.dirname, '../../drizzle');

/** Names this set of migrations: templates made from other migrations are never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) {
      hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty database on the PostgreSQL server, made once per set of migrations and
 * kept there: each test file's database is copied from it (`create database ... template`,
 * about 0.2 s) instead of running every migration again (0.7-1 s per file, more when the
 * machine is busy). Built under a name of its own and renamed when complete, so parallel test
 * files never copy a half-migrated one; the loser of a race drops its copy. The migrations
 * still run on each copy (finding nothing to do), as on PGlite.
 */
let serverTemplate: Promise<string> | undefined;
function serverTemplateName(): Promise<string> {
  serverTemplate ??= (async () => {
    const name = `registry_template_${migrationsHash()}`;
    const exists = (client: pg.Client) =>
      client
        .query('select 1 from pg_database where datname = $1', [name])
        .then((result) => result.rowCount === 1);
    if (await withServer(exists)) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await withServer((client) => client.query(`create database ${building}`));
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    await (await openDatabase({ databaseUrl: url.toString(), dataDir: undefined })).close();
    await withServer(async (client) => {
      try {
        await client.query(`alter database ${building} rename to ${name}`);
      } catch (error) {
        if (!(await exists(client))) throw error;
        await client.query(`drop database if exists ${building} with (force)`);
      }
    });
    return name;
  })();
  serverTemplate.catch(() => (serverTemplate = undefined));
  return serverTemplate;
}

/**
 * A migrated, empty PGlite cluster as a dump, made once per set of migrations and kept in the
 * temp folder: starting from it skips initdb and the migrations (about 1.3 s per test file).
 * The migrations still run after loading it, so a stale template could only cost time.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `registry-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) throw new Error('PGlite gave no dump');
  // Written aside and renamed: parallel test files never read a half-written template.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!usingPostgres) {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: undefined,
      pgliteTemplate: await pgliteTemplate(),
    });
    return { database, drop: () => database.close() };
  }
  const { url, drop } = await createServerDatabase(await serverTemplateName());
  const database = await openDatabase({ databaseUrl: url, dataDir: undefined });
  return {
    database,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** This app's own uploads folder (a temporary directory), for tests that look for leftovers. */
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * For tests of what code requests and code checks answer, not when: no 250 ms floor under each
 * answer (otp/service.ts). reset-timing.test.ts keeps the floor and checks it.
 */
export const WITHOUT_ANSWER_FLOOR = { codeAnswerFloorMs: 0 } as const;

/**
 * Builds the real app on a fresh database with an administrator and two demo members (without
 * demo horses unless `options.demoHorses`), storing uploads in a temporary folder of its own.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const uploadsDir = overrides.uploadsDir ?? mkdtempSync(path.join(tmpdir(), 'registry-uploads-'));
  const app = await buildApp(testConfig({ ...overrides, uploadsDir }), {
    demoHorses: false,
    // Tests deliver mail themselves with app.mail.processOutbox (or read the outbox).
    mailWorker: false,
    ...options,
    database,
  });
  return {
    app,
    database,
    uploadsDir,
    close: async () => {
      await app.close();
      await drop();
      if (!overrides.uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export async function login(
  app: FastifyInstance,
  who: { email: string; password: string },
  portal: 'admin' | 'member' = 'member',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: portal === 'admin' ? '/api/auth/admin-login' : '/api/auth/login',
    payload: who,
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed for ${who.email}: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { data: { token: string } }).data.token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The `data` of a GET by the caller signed in with `token`, which must answer `status`. */
export async function getData<T>(
  app: FastifyInstance,
  url: string,
  token: string,
  status = 200,
): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  if (response.statusCode !== status) {
    throw new Error(`GET ${url}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { data: T }).data;
}

/**
 * Where a server keeps its data between two starts: a temporary PGlite directory, or a new
 * database on the PostgreSQL server. For tests of restarts and first-start behaviour.
 */
export async function freshDataLocation(): Promise<{
  overrides: Partial<Config>;
  drop(): Promise<void>;
}> {
  if (!usingPostgres) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-data-'));
    return {
      overrides: { dataDir, databaseUrl: undefined },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createServerDatabase();
  return { overrides: { databaseUrl: url }, drop };
}
