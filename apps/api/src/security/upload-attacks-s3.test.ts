import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HORSE_MESSAGES } from '@registry/domain';
import { createTestApp, login, MEMBER_A, type TestApp } from '../test/harness.js';
import {
  filesUnder,
  REGISTER,
  SAMPLE_BYTES,
  upload,
  validFiles,
  validValues,
} from '../test/multipart.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { saveThroughUploads, uploadWhole } from '../test/tus.js';
import { DOCX_START, zip } from '../test/zip.js';

/**
 * The hostile uploads of upload-attacks.test.ts through the resumable upload path with
 * `STORAGE_URL` (issue 14 item 6): the unfinished bytes then live in the bucket (tus's S3 store),
 * so a refused file must leave nothing there either, nor in the local staging folder. With
 * TEST_DATABASE=postgres this runs on PostgreSQL too.
 */
let s3: LocalS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startLocalS3('hostile');
  t = await createTestApp({ storageUrl: s3.url });
  token = await login(t.app, MEMBER_A);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

/** Every object in the bucket (s3rver keeps `<key>._S3rver_object` files). */
const bucketKeys = () =>
  readdirSync(path.join(s3.dir, 'hostile'), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('._S3rver_object'))
    .sort();

const refusals: Array<[string, string, () => Buffer, string]> = [
  [
    'a .docx zip bomb',
    'bomb.docx',
    () => zip([...DOCX_START, { name: 'word/media/zeros.bin', data: Buffer.alloc(40 << 20) }]),
    HORSE_MESSAGES.documentArchiveRefused,
  ],
  [
    'a .docx claiming gigabytes',
    'liar.docx',
    () =>
      zip([
        ...DOCX_START,
        { name: 'word/big.xml', data: Buffer.from('x'), declaredSize: 0xfffffff0 },
      ]),
    HORSE_MESSAGES.documentArchiveRefused,
  ],
  [
    'a .docx whose entries climb out of their folder',
    'slip.docx',
    () => zip([...DOCX_START, { name: '../../evil.sh', data: Buffer.from('rm -rf /') }]),
    HORSE_MESSAGES.documentArchiveRefused,
  ],
  [
    'a renamed executable',
    'papers.pdf',
    () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]),
    HORSE_MESSAGES.documentFormat,
  ],
];

describe('hostile uploads through the resumable path on S3 storage', () => {
  it.each(refusals)(
    'refuses %s when its last byte arrives, leaving nothing in the bucket or on disk',
    async (_what, name, bytes, message) => {
      const before = bucketKeys();
      const sent = await uploadWhole(t.app, token, 'registrationDocument', name, bytes());
      expect(sent.response.statusCode).toBe(400);
      expect(sent.response.json().fields.registrationDocument).toBe(message);
      expect(bucketKeys()).toEqual(before);
      expect(filesUnder(t.uploadsDir)).toEqual([]);
    },
  );

  it('defuses a PDF carrying JavaScript and keeps path-traversal names as plain names', async () => {
    const pdf = Buffer.concat([
      Buffer.from(SAMPLE_BYTES.pdf()),
      Buffer.from('\n1 0 obj << /Type /Action /S /JavaScript /JS (app.alert(1)) >> endobj\n'),
    ]);
    const files = validFiles().filter(([part]) => part !== 'registrationDocument');
    const saved = await saveThroughUploads(t.app, token, REGISTER, validValues(), [
      ['registrationDocument', upload('../../../etc/script.pdf', pdf)],
      ...files,
    ]);
    expect(saved.statusCode).toBe(201);
    const document = saved.json().data.registrationDocument as { url: string; name: string };
    expect(document.name).not.toMatch(/[\\/]/);
    expect(document.name).not.toContain('..');
    const download = await t.app.inject({ method: 'GET', url: document.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // The files are in the bucket, nothing stayed on local disk.
    expect(filesUnder(t.uploadsDir)).toEqual([]);
  });
});
