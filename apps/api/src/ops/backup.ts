import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { Database } from '../db/client.js';
import {
  BACKUP_FORMAT,
  describeFile,
  listUploadFiles,
  uploadPath,
  type BackupManifest,
  type UploadBucket,
} from './manifest.js';
import { exportTable, tablesInDependencyOrder } from './tables.js';

export interface BackupOptions {
  database: Database;
  uploadsDir: string;
  /** With STORAGE_URL the committed uploads are in this bucket, not in uploadsDir. */
  bucket?: UploadBucket;
  /** The archive to write; it appears only once complete. */
  outFile: string;
}

async function migrationCount(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

async function writeLines(
  file: string,
  produce: (write: (line: string) => Promise<void>) => Promise<number>,
) {
  const stream = createWriteStream(file, { mode: 0o600 });
  const write = async (line: string) => {
    if (!stream.write(`${line}\n`)) await once(stream, 'drain');
  };
  try {
    return await produce(write);
  } finally {
    stream.end();
    await once(stream, 'close');
  }
}

/** Hard links are instant and take no space; another file system needs a copy. */
async function placeFile(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await link(from, to).catch(() => copyFile(from, to));
}

async function copyFolder(uploadsDir: string, into: string): Promise<BackupManifest['files']> {
  const files: BackupManifest['files'] = [];
  for (const relative of await listUploadFiles(uploadsDir)) {
    files.push(await describeFile(uploadsDir, relative));
    await placeFile(path.join(uploadsDir, relative), path.join(into, relative));
  }
  return files;
}

/**
 * Downloads every committed object of the bucket. The rows were read first, so every file a
 * row names is here; an object deleted since the listing (its row was deleted too) is skipped.
 */
async function copyBucket(bucket: UploadBucket, into: string): Promise<BackupManifest['files']> {
  const files: BackupManifest['files'] = [];
  const keys: string[] = [];
  for await (const key of bucket.committedBefore(Number.MAX_SAFE_INTEGER)) keys.push(key);
  for (const key of keys.sort()) {
    const relative = uploadPath(key);
    const gone = await bucket.download(key, path.join(into, relative)).then(
      () => false,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return true;
        throw error;
      },
    );
    if (!gone) files.push(await describeFile(into, relative));
  }
  return files;
}

/**
 * Writes one archive of the database and the uploads. The rows come from a single read-only,
 * repeatable-read snapshot, so they agree with each other even while the server runs (on
 * PostgreSQL; the embedded database is a single-process store, so stop the server first).
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const outDir = path.dirname(path.resolve(options.outFile));
  await mkdir(outDir, { recursive: true });
  const work = await mkdtemp(path.join(outDir, '.backup-'));
  try {
    await mkdir(path.join(work, 'db'));
    const tables: BackupManifest['tables'] = [];
    await options.database.db.transaction(
      async (tx) => {
        for (const name of await tablesInDependencyOrder(tx)) {
          const rows = await writeLines(path.join(work, 'db', `${name}.jsonl`), (write) =>
            exportTable(tx, name, write),
          );
          tables.push({ name, rows });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const files = options.bucket
      ? await copyBucket(options.bucket, path.join(work, 'uploads'))
      : await copyFolder(options.uploadsDir, path.join(work, 'uploads'));
    await mkdir(path.join(work, 'uploads'), { recursive: true });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      databaseKind: options.database.kind,
      migrations: await migrationCount(options.database),
      tables,
      files,
    };
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2), {
      mode: 0o600,
    });

    const partial = `${options.outFile}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, [
      'manifest.json',
      'db',
      'uploads',
    ]);
    await rename(partial, options.outFile);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
