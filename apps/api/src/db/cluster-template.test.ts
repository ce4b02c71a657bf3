import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './client.js';
import {
  makeClusterTemplate,
  PGLITE_START_PARAMS,
  pgliteExtensions,
  unpackClusterTemplate,
} from './pglite-settings.js';

// A new data directory starts from the build's migrated cluster, unpacked on disk
// (docs/decisions/0055-embedded-database-from-a-migrated-template.md).
const work = mkdtempSync(path.join(tmpdir(), 'registry-template-'));
const template = path.join(work, 'cluster.tar.gz');
const migrationCount = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** The `n` of a one-row count; the shared Db type leaves a raw result's shape open. */
const countOf = (result: unknown) => (result as { rows: Array<{ n: number }> }).rows[0]?.n;

beforeAll(async () => {
  const tarball = await makeClusterTemplate(async (client) => {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  });
  writeFileSync(template, Buffer.from(await tarball.arrayBuffer()));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the cluster template', () => {
  it('unpacks a migrated cluster that opens with every migration applied', async () => {
    const dataDir = path.join(work, 'fresh');
    const dir = path.join(dataDir, 'db');
    mkdirSync(dataDir);
    expect(await unpackClusterTemplate(dir, template)).toBe(true);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dir}.partial`)).toBe(false);

    // The template itself carries the migrations: none is left for the first start to run.
    const bare = await PGlite.create(dir, {
      extensions: pgliteExtensions,
      startParams: PGLITE_START_PARAMS,
    });
    const carried = await bare.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    await bare.close();
    expect(carried.rows[0]?.n).toBe(migrationCount);

    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const applied = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(countOf(applied)).toBe(migrationCount);
      const tables = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'horses'`,
      );
      expect(countOf(tables)).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('replaces what an interrupted unpacking left, and never touches a cluster in use', async () => {
    const dir = path.join(work, 'interrupted', 'db');
    mkdirSync(`${dir}.partial`, { recursive: true });
    writeFileSync(path.join(`${dir}.partial`, 'PG_VERSION'), 'half');
    expect(await unpackClusterTemplate(dir, template)).toBe(true);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);

    writeFileSync(path.join(dir, 'marker'), 'kept');
    expect(await unpackClusterTemplate(dir, template)).toBe(false);
    expect(readFileSync(path.join(dir, 'marker'), 'utf8')).toBe('kept');
  });

  it('answers false without a template, so PGlite runs initdb itself', async () => {
    const dir = path.join(work, 'none', 'db');
    expect(await unpackClusterTemplate(dir, path.join(work, 'missing.tar.gz'))).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
