import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { bearer, createTestApp, login, MEMBER_A, type TestApp } from '../../test/harness.js';
import { filesUnder, SAMPLE_BYTES } from '../../test/multipart.js';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';

/** The whole app with STORAGE_URL: uploads go to the bucket and come back through signed links. */
let s3: LocalS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3('uploads');
  t = await createTestApp({ storageUrl: s3.url });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('uploads in an S3-compatible bucket', () => {
  it('stores a registration’s files in the bucket, not on local disk, and serves them back', async () => {
    const token = await login(t.app, MEMBER_A);
    const horse = await registerThroughApi(t.app, t.database.db, token);

    // Six files (document, four markings, the owner's signature) are objects in the bucket;
    // nothing stays on local disk.
    const objects = readdirSync(path.join(s3.dir, 'uploads'), { recursive: true })
      .map(String)
      .filter((name) => /[0-9a-f-]{36}\._S3rver_object$/.test(name));
    expect(objects.length).toBe(6);
    expect(filesUnder(t.uploadsDir)).toEqual([]);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${horse.id}`,
      headers: bearer(token),
    });
    const document = (view.json() as { data: { registrationDocument: { url: string } } }).data
      .registrationDocument;
    const download = await t.app.inject({ method: 'GET', url: document.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(Buffer.from(SAMPLE_BYTES.pdf()))).toBe(true);
  });
});
