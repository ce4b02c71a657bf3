import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horseFiles, users } from '../../db/schema.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { createTestApp, login, MEMBER_A, type TestApp } from '../../test/harness.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { sweepOrphanedUploads } from './orphan-sweep.js';
import { parseStorageUrl, S3Storage } from './s3-storage.js';
import { isOversized, LocalDiskStorage, type FileStorage } from './storage.js';

/** Real storages: the local disk, and an S3-compatible server (s3rver) on a free local port. */
let s3: LocalS3;
let s3Url: string;
const cleanup: string[] = [];

beforeAll(async () => {
  s3 = await startLocalS3('uploads');
  s3Url = s3.url;
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

async function commitFile(storage: FileStorage, text: string): Promise<string> {
  const staged = await storage.stage(Readable.from([Buffer.from(text)]), 1024);
  if (isOversized(staged)) throw new Error('unexpectedly oversized');
  await storage.commit(staged.key);
  return staged.key;
}

async function exists(storage: FileStorage, key: string): Promise<boolean> {
  return storage.open(key).then(
    (stream) => (stream.destroy(), true),
    () => false,
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A second handle on the app's store, as the app's own is not exposed. */
const storages: [string, (t: TestApp) => Promise<FileStorage>, () => Promise<TestApp>][] = [
  [
    'local disk',
    async (t) => {
      const storage = new LocalDiskStorage(t.uploadsDir);
      await storage.init();
      return storage;
    },
    () => createTestApp(),
  ],
  [
    'S3-compatible bucket',
    async () => {
      const staging = mkdtempSync(path.join(tmpdir(), 'registry-orphans-staging-'));
      cleanup.push(staging);
      const storage = new S3Storage(parseStorageUrl(s3Url), staging);
      await storage.init();
      return storage;
    },
    () => createTestApp({ storageUrl: s3Url }),
  ],
];

describe.each(storages)('orphaned uploads on %s', (_name, openStore, startApp) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('removes old files no row references and keeps referenced and recent ones', async () => {
    t = await startApp();
    const storage = await openStore(t);
    const token = await login(t.app, MEMBER_A);
    const horse = await registerThroughApi(t.app, t.database.db, token);
    const horseKeys = (
      await t.database.db
        .select({ key: horseFiles.storageKey })
        .from(horseFiles)
        .where(eq(horseFiles.horseId, horse.id))
    ).map((row) => row.key);
    expect(horseKeys.length).toBeGreaterThan(0);
    const picture = await commitFile(storage, 'a profile picture');
    await t.database.db
      .update(users)
      .set({ profilePicture: `${picture}.png` })
      .where(eq(users.email, MEMBER_A.email));
    const oldOrphan = await commitFile(storage, 'committed, then the server died');

    // Object stores date objects to the second: a clear gap between "old" and "recent".
    await pause(2_100);
    const recentOrphan = await commitFile(storage, 'a registration still in flight');
    const removed = await sweepOrphanedUploads(t.database.db, storage, { minAgeMs: 1_500 });

    expect(removed).toBe(1);
    expect(await exists(storage, oldOrphan)).toBe(false);
    expect(await exists(storage, recentOrphan)).toBe(true);
    expect(await exists(storage, picture)).toBe(true);
    for (const key of horseKeys) expect(await exists(storage, key)).toBe(true);

    // With the default age nothing here is old enough, even the recent orphan.
    expect(await sweepOrphanedUploads(t.database.db, storage, { minAgeMs: 3_600_000 })).toBe(0);
    expect(await exists(storage, recentOrphan)).toBe(true);
  }, 60_000);
});
