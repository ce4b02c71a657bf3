import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PATH } from '@registry/domain';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { uploads } from '../db/schema.js';
import { openStorage } from '../modules/files/open-storage.js';
import { sweepOrphanedUploads } from '../modules/files/orphan-sweep.js';
import type { S3Storage } from '../modules/files/s3-storage.js';
import type { LocalDiskStorage } from '../modules/files/storage.js';
import { sweepExpiredUploads } from '../modules/uploads/sweep.js';
import { openTusStore, type TusStore } from '../modules/uploads/tus-store.js';
import { eventually } from '../test/eventually.js';
import { createTestApp, login, MEMBER_A, testConfig, type TestApp } from '../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  encodeForm,
  validFiles,
  validValues,
  type Upload,
} from '../test/multipart.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { createUpload, uploadWhole } from '../test/tus.js';

/**
 * The upload sweeps of one instance never take what another instance is still receiving
 * (issue 16; docs/operations.md "Scaling out"). Instance A receives slowly over real HTTP, a
 * resumable upload and a multipart save, while instance B, on the same database and the same
 * uploads folder (or the same bucket), sweeps with short ages: its staging sweep runs by itself
 * every half second and takes staged files untouched for 1.5 s, and the test runs its expiry
 * and orphan sweeps between A's pieces. Each also removes a genuinely abandoned upload or
 * file, so a sweep that took nothing because it saw nothing would fail too.
 */
const STALE_MS = 1_500;
const HOUR = 3_600_000;

interface Other {
  app: FastifyInstance;
  /** openStorage's two kinds, both with a staging sweep. */
  storage: LocalDiskStorage | S3Storage;
  tus: TusStore;
  stop(): void;
}

/** Sends `pieces` as one request body, calling `between` before each piece after the first. */
function slowRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  pieces: Buffer[],
  between: (index: number) => Promise<void>,
): Promise<{ status: number; body: string }> {
  const length = pieces.reduce((total, piece) => total + piece.length, 0);
  const request = http.request(url, {
    method,
    agent: false,
    headers: { ...headers, 'content-length': String(length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
  return (async () => {
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) await between(index);
      await new Promise<void>((resolve, reject) =>
        request.write(piece, (error) => (error ? reject(error) : resolve())),
      );
    }
    request.end();
    return answer;
  })();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['one shared uploads folder', false],
  ['one S3-compatible bucket', true],
])('two instances on %s', (_where, inBucket) => {
  let s3: LocalS3 | undefined;
  let one: TestApp;
  let baseURL: string;
  let other: Other;
  const otherDir = mkdtempSync(path.join(tmpdir(), 'registry-sweeps-b-'));

  beforeAll(async () => {
    s3 = inBucket ? await startLocalS3('sweeps') : undefined;
    const shared: Partial<Config> = {
      stagingStaleMs: STALE_MS,
      ...(s3 ? { storageUrl: s3.url } : {}),
    };
    one = await createTestApp(shared);
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(one.app.server.address() as AddressInfo).port}`;
    // B: its own staging folder with a bucket, the very same folder without one.
    const config = testConfig({ ...shared, uploadsDir: s3 ? otherDir : one.uploadsDir });
    const app = await buildApp(config, {
      demoHorses: false,
      mailWorker: false,
      database: one.database,
    });
    // What B's app sweeps with (app.ts builds the same two); its staging sweep runs on a timer.
    const { storage, stop } = await openStorage(config, app.log);
    other = {
      app,
      storage: storage as LocalDiskStorage | S3Storage,
      tus: await openTusStore(config),
      stop,
    };
  }, 60_000);

  afterAll(async () => {
    other?.stop();
    await other?.app.close();
    await one?.close();
    await s3?.stop();
    rmSync(otherDir, { recursive: true, force: true });
  });

  /** A committed file no row names: what the orphan sweep exists to remove. */
  async function plantOrphan() {
    const staged = await other.storage.stage(Readable.from([Buffer.from('orphan')]), 100);
    if (!('key' in staged)) throw new Error('not staged');
    await other.storage.commit(staged.key);
    await pause(20);
  }

  it('a resumable upload that A is receiving is not swept by B, though it was idle past the expiry', async () => {
    const token = await login(one.app, MEMBER_A);
    const video = SAMPLE_BYTES.mp4(6 * 1024 * 1024);
    const { id } = await createUpload(
      one.app,
      token,
      'performanceDocument',
      'ride.mp4',
      video.length,
    );
    const idle = await createUpload(one.app, token, 'registrationDocument', 'left.pdf', 1000);
    // Both were left two hours ago; the member comes back to the first one only.
    const longAgo = new Date(Date.now() - 2 * HOUR);
    await one.database.db.update(uploads).set({ touchedAt: longAgo });

    const half = 3 * 1024 * 1024;
    const sent = await slowRequest(
      `${baseURL}${UPLOADS_PATH}/${id}`,
      'PATCH',
      {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      [video.subarray(0, half), video.subarray(half)],
      async () => {
        // A has started on the bytes (its PATCH marked the upload as written to)...
        await eventually(async () => {
          const touched = await one.database.db
            .select()
            .from(uploads)
            .where(and(eq(uploads.id, id!), gt(uploads.touchedAt, longAgo)));
          expect(touched).toHaveLength(1);
        }, 10_000);
        // ...when B sweeps: the upload left alone expires, the one being received stays, and
        // the orphan sweep at age 0 takes the planted orphan but no byte of the upload.
        await plantOrphan();
        expect(await sweepExpiredUploads(one.database.db, other.storage, other.tus, HOUR)).toBe(1);
        expect(await sweepOrphanedUploads(one.database.db, other.storage, { minAgeMs: 0 })).toBe(1);
        await pause(2 * STALE_MS);
      },
    );
    expect(sent.status).toBe(204);
    const rows = await one.database.db.select().from(uploads);
    expect(rows.map((row) => row.id)).toEqual([id]);
    expect(rows[0]?.storageKey).toBeTruthy();
    expect(rows.some((row) => row.id === idle.id)).toBe(false);

    // The finished upload saves through B and downloads whole through A.
    const ids = [id!];
    for (const [field, file] of validFiles()) {
      ids.push((await uploadWhole(one.app, token, field, file.name, file.bytes)).id!);
    }
    const saved = await other.app.inject({
      ...REGISTER,
      headers: { authorization: `Bearer ${token}` },
      payload: { ...validValues(), uploads: ids },
    });
    expect(saved.statusCode).toBe(201);
    const download = await one.app.inject({
      method: 'GET',
      url: saved.json().data.performanceDocument.url,
    });
    expect(Buffer.from(download.rawPayload).equals(video)).toBe(true);
  }, 60_000);

  it("a multipart save that A is receiving keeps its staged files through B's sweeps", async () => {
    const token = await login(one.app, MEMBER_A);
    const files: Array<[string, Upload]> = validFiles();
    // Files first, the form's values after: the files staged first then wait, untouched by
    // their own bytes, for longer than the staleness while the rest of the body arrives.
    const form = new FormData();
    for (const [name, file] of files) {
      form.append(name, new Blob([file.bytes]), file.name);
    }
    const values = { ...validValues(), firstChoice: `Slow Save ${inBucket ? 'B' : 'F'}` };
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    const { payload, headers } = await encodeForm(form);
    const split = payload.indexOf(`name="${Object.keys(values)[0]}"`);
    expect(split).toBeGreaterThan(0);
    const rest = payload.subarray(split);
    const step = Math.ceil(rest.length / 8);
    const pieces = [payload.subarray(0, split)];
    for (let at = 0; at < rest.length; at += step) pieces.push(rest.subarray(at, at + step));

    let orphansTaken = 0;
    const started = Date.now();
    const sent = await slowRequest(
      `${baseURL}${REGISTER.url}`,
      REGISTER.method,
      { ...headers, authorization: `Bearer ${token}` },
      pieces,
      async (index) => {
        await pause(STALE_MS / 3);
        await other.storage.sweepStaged(STALE_MS);
        if (index === 1) {
          // Nothing is committed while the body is still arriving: an orphan sweep of any
          // age takes only the planted orphan.
          await plantOrphan();
          orphansTaken = await sweepOrphanedUploads(one.database.db, other.storage, {
            minAgeMs: 0,
          });
        }
      },
    );
    // The body took several staleness periods, with B's sweeps running all along.
    expect(Date.now() - started).toBeGreaterThan(2 * STALE_MS);
    expect(orphansTaken).toBe(1);
    expect(sent.status, sent.body).toBe(201);
    // The file staged first, and idle longest, is whole, and B serves it.
    const data = (JSON.parse(sent.body) as { data: { registrationDocument: { url: string } } })
      .data;
    const download = await other.app.inject({ method: 'GET', url: data.registrationDocument.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(Buffer.from(files[0]![1].bytes))).toBe(true);
  }, 60_000);
});
