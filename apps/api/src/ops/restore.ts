import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import {
  describeFile,
  listUploadFiles,
  manifestSchema,
  type BackupManifest,
  type UploadBucket,
} from './manifest.js';
import { countRows, importRows, resetSequences, tablesInDependencyOrder } from './tables.js';

export interface RestoreOptions {
  archive: string;
  /** A migrated, empty database: no row in any table. */
  database: Database;
  /** An uploads folder without committed files. */
  uploadsDir: string;
  /** With STORAGE_URL: an empty bucket the files go to instead of uploadsDir. */
  bucket?: UploadBucket;
}

export class RestoreError extends Error {}

const ROWS_PER_INSERT = 500;

async function readManifest(work: string): Promise<BackupManifest> {
  const text = await readFile(path.join(work, 'manifest.json'), 'utf8').catch(() => {
    throw new RestoreError('The archive has no manifest.json: it is not a registry backup.');
  });
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new RestoreError('The archive manifest is not a registry backup.');
  return parsed.data;
}

/** Every file must have the size and hash the manifest recorded, before anything is written. */
async function verifyFiles(work: string, manifest: BackupManifest): Promise<void> {
  for (const expected of manifest.files) {
    const actual = await describeFile(path.join(work, 'uploads'), expected.path).catch(() => null);
    if (!actual || actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      throw new RestoreError(`File ${expected.path} is missing or damaged in the archive.`);
    }
  }
}

async function ensureEmptyTarget(options: RestoreOptions): Promise<string[]> {
  const tables = await tablesInDependencyOrder(options.database.db);
  for (const table of tables) {
    if ((await countRows(options.database.db, table)) > 0) {
      throw new RestoreError(
        `The target database is not empty (table ${table} has rows). Restore into a new one.`,
      );
    }
  }
  if ((await listUploadFiles(options.uploadsDir)).length > 0) {
    throw new RestoreError(`The uploads folder ${options.uploadsDir} is not empty.`);
  }
  if (options.bucket) {
    for await (const key of options.bucket.committedBefore(Number.MAX_SAFE_INTEGER)) {
      throw new RestoreError(
        `The bucket of STORAGE_URL is not empty (it holds ${key}). Restore into an empty one.`,
      );
    }
  }
  return tables;
}

async function importTable(tx: Tx, work: string, table: string): Promise<void> {
  const lines = createInterface({
    input: createReadStream(path.join(work, 'db', `${table}.jsonl`)),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= ROWS_PER_INSERT) {
      await importRows(tx, table, batch);
      batch = [];
    }
  }
  await importRows(tx, table, batch);
  await resetSequences(tx, table);
}

/**
 * Rebuilds an empty data directory from an archive: files are checked against the manifest
 * first, then copied, then every row is inserted in one transaction (parents first). If the
 * database step fails the copied files are removed again, so a failed restore leaves the target
 * as empty as it found it.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  await mkdir(options.uploadsDir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(
    path.join(path.dirname(path.resolve(options.uploadsDir)), '.restore-'),
  );
  const copied: string[] = [];
  const uploaded: string[] = [];
  try {
    // tar refuses absolute paths and '..' entries unless told otherwise (preservePaths).
    await tar.x({ file: options.archive, cwd: work, strict: true }).catch((error: Error) => {
      throw new RestoreError(`Cannot read the archive: ${error.message}`);
    });
    const manifest = await readManifest(work);
    await verifyFiles(work, manifest);
    const targetTables = await ensureEmptyTarget(options);
    const unknown = manifest.tables.filter((t) => !targetTables.includes(t.name));
    if (unknown.length > 0) {
      throw new RestoreError(
        `The archive has tables this version does not know (${unknown.map((t) => t.name).join(', ')}): restore with the version that made it or a newer one.`,
      );
    }

    for (const file of manifest.files) {
      const source = path.join(work, 'uploads', file.path);
      if (options.bucket) {
        const key = path.posix.basename(file.path);
        await options.bucket.putFile(key, source);
        uploaded.push(key);
        continue;
      }
      const target = path.join(options.uploadsDir, file.path);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await copyFile(source, target);
      copied.push(target);
    }

    await options.database.db.transaction(async (tx) => {
      // A foal may come before its sire in the horses table: such links are checked at commit.
      await tx.execute(sql`set constraints all deferred`);
      for (const { name } of manifest.tables) await importTable(tx, work, name);
      for (const { name, rows } of manifest.tables) {
        const actual = await countRows(tx, name);
        if (actual !== rows) {
          throw new RestoreError(`Table ${name}: expected ${rows} rows, restored ${actual}.`);
        }
      }
    });
    return manifest;
  } catch (error) {
    await Promise.all(copied.map((file) => rm(file, { force: true })));
    for (const key of uploaded) await options.bucket?.remove(key).catch(() => undefined);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
