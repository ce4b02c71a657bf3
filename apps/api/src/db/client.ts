import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGLITE_START_PARAMS, pgliteExtensions, unpackClusterTemplate } from './pglite-settings.js';
import { listenOnPostgres, type ChannelListener, type Subscription } from './notifications.js';
import { schema } from './schema.js';
import { API_ROOT } from '../package-root.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction; queries written for `Executor` run inside one or on their own. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Queries waiting for a pool connection (PostgreSQL): load shedding reads it. */
  queueLength?: () => number;
  /** LISTEN to a NOTIFY channel; the listener hears when delivery is (again) guaranteed. */
  listen(channel: string, listener: ChannelListener): Promise<Subscription>;
  close(): Promise<void>;
  /** In-memory PGlite only: its whole data directory, to start other instances from (tests). */
  dumpDataDir?: () => Promise<Blob>;
}

/** A start-up failure whose message is already one clear line for the operator. */
export class StartupError extends Error {}

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** Arbitrary constant: serialises migrations when several servers start on one database. */
const MIGRATION_LOCK_KEY = 7_318_204;

function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured server';
  }
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded only for PostgreSQL: a server on the embedded database never holds them.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `DATABASE_URL: cannot reach PostgreSQL at ${describeTarget(url)} (${reason})`,
    );
  }
  const db = drizzlePg(pool, { schema });
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    client.release();
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    queueLength: () => pool.waitingCount,
    listen: (channel, listener) => listenOnPostgres(url, channel, listener),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Database> {
  // The search indexes need pg_trgm (see drizzle/0001_enable_pg_trgm.sql); PGlite ships it.
  const options = { extensions: pgliteExtensions, startParams: PGLITE_START_PARAMS };
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
    // A new directory starts from the build's migrated empty cluster when there is one (no
    // initdb here, and the migrations below find nothing to do).
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await unpackClusterTemplate(dir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    client = await PGlite.create(dir, options);
  } else {
    client = await PGlite.create({ ...options, ...(template ? { loadDataDir: template } : {}) });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // In-process: notifications arrive synchronously at commit and cannot be lost.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.message(payload));
      listener.up();
      return { close: () => unlisten() };
    },
    close: () => client.close(),
    ...(dataDir ? {} : { dumpDataDir: () => client.dumpDataDir('none') }),
  };
}

/**
 * Opens the configured database and brings its schema up to date.
 * `dataDir` undefined with no URL gives an in-memory PGlite (tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  /**
   * In-memory PGlite: start from this dump (see `dumpDataDir`) instead of an empty cluster.
   * Tests use it to skip initdb and the migrations, which dominate their start-up time.
   */
  pgliteTemplate?: Blob;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.pgliteTemplate);
}
