import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../test/harness.js';
import { createBackup } from './backup.js';
import { describeFile, listUploadFiles } from './manifest.js';
import { RestoreError, restoreBackup } from './restore.js';
import { countRows, tablesInDependencyOrder } from './tables.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

let source: TestApp;
let work: string;
let archive: string;
/** The sire of the foal stored 600 rows before it (see beforeAll). */
const LATE_SIRE = '00000000-0000-4000-8000-000000000501';

async function fileHashes(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const file of await listUploadFiles(root)) {
    result[file] = (await describeFile(root, file)).sha256;
  }
  return result;
}

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInDependencyOrder(database.db)) {
    counts[table] = await countRows(database.db, table);
  }
  return counts;
}

beforeAll(async () => {
  // Demo horses bring rows in most tables and real files in uploads.
  source = await createTestApp({}, { demoHorses: true });
  // A foal stored before its registered sire, more than one insert batch (500 rows) apart: the
  // restore inserts a table's rows in stored order and passes only because such links are
  // checked at commit (migration 0026).
  await source.database.db.transaction(async (tx) => {
    await tx.execute(sql`set constraints all deferred`);
    await tx.execute(sql`
      insert into horses (owner_id, first_choice, second_choice, third_choice, sex, color,
                          state_foaled_in, foal_date, details, sire_horse_id)
      select h.owner_id, 'Backup Foal ' || g, 'Backup Foal B ' || g, 'Backup Foal C ' || g,
             h.sex, h.color, h.state_foaled_in, h.foal_date, h.details,
             case when g = 1 then ${LATE_SIRE}::uuid end
      from (select * from horses order by ctid limit 1) h, generate_series(1, 600) g
      order by g`);
    await tx.execute(sql`
      insert into horses (id, owner_id, first_choice, second_choice, third_choice, sex, color,
                          state_foaled_in, foal_date, details)
      select ${LATE_SIRE}::uuid, h.owner_id, 'Backup Sire', 'Backup Sire B', 'Backup Sire C',
             'Stallion', h.color, h.state_foaled_in, h.foal_date, h.details
      from (select * from horses order by ctid limit 1) h`);
  });
  work = mkdtempSync(path.join(tmpdir(), 'registry-backup-test-'));
  archive = path.join(work, 'backup.tar.gz');
  await createBackup({
    database: source.database,
    uploadsDir: source.uploadsDir,
    outFile: archive,
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips every row and every file byte for byte', async () => {
    const target = await createTestDatabase();
    const uploads = path.join(work, 'restored-uploads');
    try {
      await restoreBackup({ archive, database: target.database, uploadsDir: uploads });

      const before = await rowCounts(source.database);
      expect(before.horses).toBeGreaterThan(0);
      expect(before.horse_files).toBeGreaterThan(0);
      expect(await rowCounts(target.database)).toEqual(before);

      const sourceFiles = await fileHashes(source.uploadsDir);
      expect(Object.keys(sourceFiles).length).toBeGreaterThan(0);
      expect(await fileHashes(uploads)).toEqual(sourceFiles);

      // Values survive the JSON trip, not just counts: compare whole rows of two tables.
      for (const table of ['users', 'horses']) {
        const query = sql.raw(
          `select md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
        );
        const [a, b] = await Promise.all(
          [source.database, target.database].map(
            async (db) =>
              ((await db.db.execute(query)) as unknown as { rows: { h: string }[] }).rows[0]?.h,
          ),
        );
        expect(b).toBe(a);
      }

      // Serial columns continue after the restored ids instead of colliding with them.
      await target.database.db.execute(
        sql`insert into audit_log (action, success) values ('restore.check', true)`,
      );
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('refuses a target that already holds data, and changes nothing', async () => {
    const uploads = path.join(work, 'non-empty-target');
    await expect(
      restoreBackup({ archive, database: source.database, uploadsDir: uploads }),
    ).rejects.toThrow(/not empty/);
    expect(await listUploadFiles(uploads)).toEqual([]);
  });

  it('refuses an archive whose files do not match the manifest', async () => {
    const unpacked = path.join(work, 'tampered');
    rmSync(unpacked, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(unpacked, { recursive: true }));
    await tar.x({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as {
      files: { path: string }[];
    };
    const victim = manifest.files[0]?.path;
    expect(victim).toBeDefined();
    writeFileSync(path.join(unpacked, 'uploads', victim as string), 'not the original bytes');
    const tampered = path.join(work, 'tampered.tar.gz');
    await tar.c({ gzip: true, file: tampered, cwd: unpacked }, ['manifest.json', 'db', 'uploads']);

    const target = await createTestDatabase();
    const uploads = path.join(work, 'tampered-target');
    try {
      const attempt = restoreBackup({
        archive: tampered,
        database: target.database,
        uploadsDir: uploads,
      });
      await expect(attempt).rejects.toBeInstanceOf(RestoreError);
      await expect(attempt).rejects.toThrow(/missing or damaged/);
      expect((await rowCounts(target.database)).users).toBe(0);
      expect(await listUploadFiles(uploads)).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    writeFileSync(bogus, 'hello');
    const target = await createTestDatabase();
    try {
      await expect(
        restoreBackup({
          archive: bogus,
          database: target.database,
          uploadsDir: path.join(work, 'b'),
        }),
      ).rejects.toBeInstanceOf(RestoreError);
    } finally {
      await target.drop();
    }
  });
});
