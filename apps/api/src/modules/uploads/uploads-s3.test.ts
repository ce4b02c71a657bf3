import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HORSE_MESSAGES } from '@registry/domain';
import { buildApp } from '../../app.js';
import {
  MEMBER_A,
  MEMBER_B,
  createTestApp,
  login,
  testConfig,
  type TestApp,
} from '../../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  filesUnder,
  validFiles,
  validValues,
} from '../../test/multipart.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { createUpload, headUpload, patchUpload, uploadWhole } from '../../test/tus.js';

/**
 * Resumable uploads with STORAGE_URL: unfinished bytes and their state live in the bucket (tus's
 * S3 store), so a second app on the same database and bucket (another instance) continues an
 * upload the first one started; finished files are checked and land in the bucket like any.
 */
let s3: LocalS3;
let one: TestApp;
let other: FastifyInstance;
const otherDir = mkdtempSync(path.join(tmpdir(), 'registry-uploads-b-'));

beforeAll(async () => {
  s3 = await startLocalS3('uploads');
  one = await createTestApp({ storageUrl: s3.url });
  other = await buildApp(testConfig({ storageUrl: s3.url, uploadsDir: otherDir }), {
    demoHorses: false,
    mailWorker: false,
    database: one.database,
  });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await one?.close();
  await s3?.stop();
  rmSync(otherDir, { recursive: true, force: true });
});

/** Every object in the bucket, by key (s3rver keeps `<key>._S3rver_object` files). */
const bucketKeys = () =>
  readdirSync(path.join(s3.dir, 'uploads'), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('._S3rver_object'))
    .map((name) => name.replace(/\._S3rver_object$/, ''))
    .sort();

describe('resumable uploads in an S3-compatible bucket', () => {
  it('continues through a second instance an upload the first one started, and saves it', async () => {
    const tokenA = await login(one.app, MEMBER_A);
    // 7 MB: more than one 5 MiB part, so the bucket holds a finished part and a tail.
    const video = SAMPLE_BYTES.mp4(7 * 1024 * 1024);
    const { id } = await createUpload(
      one.app,
      tokenA,
      'performanceDocument',
      'ride.mp4',
      video.length,
    );
    expect(
      (await patchUpload(one.app, tokenA, id!, 0, video.subarray(0, 6 * 1024 * 1024))).statusCode,
    ).toBe(204);
    // The other instance knows where it stands, and refuses anyone but its owner.
    const head = await headUpload(other, tokenA, id!);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(6 * 1024 * 1024));
    expect((await headUpload(other, await login(other, MEMBER_B), id!)).statusCode).toBe(404);
    const rest = await patchUpload(
      other,
      tokenA,
      id!,
      6 * 1024 * 1024,
      video.subarray(6 * 1024 * 1024),
    );
    expect(rest.statusCode).toBe(204);
    // Only the checked file remains: no tus state, parts or tail.
    expect(bucketKeys().filter((key) => key.includes(id!))).toEqual([]);

    const ids = [id!];
    for (const [field, file] of validFiles()) {
      ids.push((await uploadWhole(one.app, tokenA, field, file.name, file.bytes)).id!);
    }
    const saved = await other.inject({
      ...REGISTER,
      headers: { authorization: `Bearer ${tokenA}` },
      payload: { ...validValues(), uploads: ids },
    });
    expect(saved.statusCode).toBe(201);
    const download = await one.app.inject({
      method: 'GET',
      url: saved.json().data.performanceDocument.url,
    });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(video)).toBe(true);
    expect(filesUnder(one.uploadsDir)).toEqual([]);
    expect(filesUnder(otherDir)).toEqual([]);
  });

  it('refuses a file whose bytes are not what its name says, leaving nothing in the bucket', async () => {
    const token = await login(one.app, MEMBER_A);
    const before = bucketKeys();
    const sent = await uploadWhole(
      one.app,
      token,
      'registrationDocument',
      'papers.pdf',
      SAMPLE_BYTES.exe(),
    );
    expect(sent.response.statusCode).toBe(400);
    expect(sent.response.json().fields.registrationDocument).toBe(HORSE_MESSAGES.documentFormat);
    expect(bucketKeys()).toEqual(before);
  });
});
