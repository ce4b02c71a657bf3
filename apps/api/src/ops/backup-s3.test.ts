import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl, S3Storage } from '../modules/files/s3-storage.js';
import { createTestApp, createTestDatabase, type TestApp } from '../test/harness.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { createBackup } from './backup.js';
import { sha256OfFile, type UploadBucket } from './manifest.js';
import { RestoreError, restoreBackup } from './restore.js';
import { countRows } from './tables.js';

/** Backup and restore with STORAGE_URL: the files come from, and go back to, the bucket. */
let sourceS3: LocalS3;
let targetS3: LocalS3;
let source: TestApp;
let work: string;

function bucketOf(s3: LocalS3, staging: string): S3Storage {
  return new S3Storage(parseStorageUrl(s3.url), staging);
}

async function objectHashes(bucket: S3Storage, into: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const key of bucket.committedBefore(Number.MAX_SAFE_INTEGER)) {
    const file = path.join(into, key);
    await bucket.download(key, file);
    hashes[key] = await sha256OfFile(file);
  }
  return hashes;
}

beforeAll(async () => {
  sourceS3 = await startLocalS3('source');
  targetS3 = await startLocalS3('target');
  source = await createTestApp({ storageUrl: sourceS3.url }, { demoHorses: true });
  work = mkdtempSync(path.join(tmpdir(), 'registry-backup-s3-'));
}, 120_000);

afterAll(async () => {
  await source?.close();
  await sourceS3?.stop();
  await targetS3?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore on S3 storage', () => {
  it('archives the bucket’s objects and puts them back into an empty bucket', async () => {
    const archive = path.join(work, 'backup.tar.gz');
    const sourceBucket = bucketOf(sourceS3, path.join(work, 'staging-a'));
    const manifest = await createBackup({
      database: source.database,
      uploadsDir: source.uploadsDir,
      bucket: sourceBucket,
      outFile: archive,
    });
    const fileRows = await countRows(source.database.db, 'horse_files');
    expect(fileRows).toBeGreaterThan(0);
    expect(manifest.files.length).toBeGreaterThanOrEqual(fileRows);

    const target = await createTestDatabase();
    const targetBucket = bucketOf(targetS3, path.join(work, 'staging-b'));
    try {
      await restoreBackup({
        archive,
        database: target.database,
        uploadsDir: path.join(work, 'restored-uploads'),
        bucket: targetBucket,
      });
      const original = await objectHashes(sourceBucket, path.join(work, 'check-a'));
      expect(Object.keys(original).length).toBe(manifest.files.length);
      expect(await objectHashes(targetBucket, path.join(work, 'check-b'))).toEqual(original);
      expect(await countRows(target.database.db, 'horse_files')).toBe(fileRows);

      // A second restore into the now-filled bucket is refused before anything is written.
      const again = await createTestDatabase();
      try {
        await expect(
          restoreBackup({
            archive,
            database: again.database,
            uploadsDir: path.join(work, 'restored-again'),
            bucket: targetBucket,
          }),
        ).rejects.toThrow(RestoreError);
        expect(await countRows(again.database.db, 'horse_files')).toBe(0);
      } finally {
        await again.drop();
      }
    } finally {
      await target.drop();
    }
  }, 180_000);

  it('removes what it uploaded when the restore fails part-way', async () => {
    const archive = path.join(work, 'backup.tar.gz');
    const removed: string[] = [];
    const real = bucketOf(targetS3, path.join(work, 'staging-c'));
    let puts = 0;
    // The real bucket, except that the third upload fails.
    const failing: UploadBucket = {
      committedBefore: () => (async function* () {})(),
      download: (key, file) => real.download(key, file),
      putFile: async (key, file) => {
        puts += 1;
        if (puts === 3) throw new Error('store went away');
        await real.putFile(key, file);
      },
      remove: async (key) => {
        removed.push(key);
        await real.remove(key);
      },
    };
    const target = await createTestDatabase();
    try {
      await expect(
        restoreBackup({
          archive,
          database: target.database,
          uploadsDir: path.join(work, 'restored-failing'),
          bucket: failing,
        }),
      ).rejects.toThrow(/store went away/);
      expect(removed.length).toBe(2);
    } finally {
      await target.drop();
    }
  }, 120_000);
});
