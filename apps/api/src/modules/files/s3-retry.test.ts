import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { createTestApp, login, MEMBER_A, type TestApp } from '../../test/harness.js';
import { startFlakyProxy, type FlakyProxy } from '../../test/flaky-proxy.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { isOversized } from './storage.js';
import { parseStorageUrl, S3Storage } from './s3-storage.js';

/** A real S3-compatible server behind a proxy that answers 503 SlowDown when told to. */
let s3: LocalS3;
let proxy: FlakyProxy;
let proxiedUrl: string;
let stagingDir: string;

beforeAll(async () => {
  s3 = await startLocalS3('flaky');
  proxy = await startFlakyProxy(new URL(s3.url.replace('s3+http', 'http')).origin);
  proxiedUrl = s3.url.replace(/@127\.0\.0\.1:\d+/, `@${new URL(proxy.origin).host}`);
  stagingDir = mkdtempSync(path.join(tmpdir(), 'registry-s3-retry-'));
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  await s3?.stop();
  rmSync(stagingDir, { recursive: true, force: true });
});

function bucketObjects(): string[] {
  return readdirSync(path.join(s3.dir, 'flaky'), { recursive: true })
    .map(String)
    .filter((name) => /[0-9a-f-]{36}\._S3rver_object$/.test(name));
}

describe('S3 storage when the store is briefly overloaded', () => {
  it('retries a refused upload with the file read again, and every other request too', async () => {
    const storage = new S3Storage(parseStorageUrl(proxiedUrl), stagingDir);
    await storage.init();
    const bytes = randomBytes(256 * 1024);
    const staged = await storage.stage(Readable.from([bytes]), 1024 * 1024);
    if (isOversized(staged)) throw new Error('unexpectedly oversized');

    const before = proxy.failed;
    proxy.failNext('PUT', 2);
    await storage.commit(staged.key);
    proxy.failNext('GET', 1);
    const back = Buffer.concat(await (await storage.open(staged.key)).toArray());
    expect(back.equals(bytes)).toBe(true);
    proxy.failNext('DELETE', 1);
    await storage.remove(staged.key);
    expect(proxy.failed - before).toBe(4);
    await expect(storage.open(staged.key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('gives up after four 503 answers and keeps the staged file', async () => {
    const storage = new S3Storage(parseStorageUrl(proxiedUrl), stagingDir);
    const staged = await storage.stage(Readable.from(['x']), 100);
    if (isOversized(staged)) throw new Error('unexpectedly oversized');
    proxy.failNext('PUT', 4);
    await expect(storage.commit(staged.key)).rejects.toThrow(/refused .*503/);
    expect(readdirSync(path.join(stagingDir, 'tmp'))).toContain(staged.key);
    await storage.remove(staged.key);
  });

  it('sends a 12 MB file as a multipart upload of 5 MiB parts, retrying a refused part', async () => {
    const storage = new S3Storage(parseStorageUrl(proxiedUrl), stagingDir);
    await storage.init();
    const bytes = randomBytes(12 * 1024 * 1024);
    const staged = await storage.stage(Readable.from([bytes]), 20 * 1024 * 1024);
    if (isOversized(staged)) throw new Error('unexpectedly oversized');

    const seen = proxy.forwarded.length;
    const before = proxy.failed;
    proxy.failNext('PUT', 1);
    await storage.commit(staged.key);
    expect(proxy.failed - before).toBe(1);
    const calls = proxy.forwarded.slice(seen);
    // Started, three parts (5 + 5 + 2 MiB) each sent once they got through, then completed.
    expect(calls.filter((call) => /^POST .*\?uploads/.test(call))).toHaveLength(1);
    const parts = calls.filter((call) => /^PUT .*partNumber=/.test(call));
    expect(parts.map((call) => /partNumber=(\d+)/.exec(call)?.[1]).sort()).toEqual(['1', '2', '3']);
    expect(calls.filter((call) => /^POST .*uploadId=/.test(call))).toHaveLength(1);

    const back = Buffer.concat(await (await storage.open(staged.key)).toArray());
    expect(back.equals(bytes)).toBe(true);
    await storage.remove(staged.key);
  }, 60_000);
});

describe('a registration on S3 storage that answers 503 once', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('still succeeds, with every file in the bucket', async () => {
    t = await createTestApp({ storageUrl: proxiedUrl });
    const token = await login(t.app, MEMBER_A);
    const before = bucketObjects().length;
    const failedBefore = proxy.failed;
    proxy.failNext('PUT', 1);
    const horse = await registerThroughApi(t.app, t.database.db, token);
    expect(horse.id).toBeTruthy();
    expect(proxy.failed - failedBefore).toBe(1);
    // Document, four markings and the owner's signature.
    expect(bucketObjects().length - before).toBe(6);
  }, 60_000);
});
