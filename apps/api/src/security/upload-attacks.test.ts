import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HORSE_MESSAGES } from '@registry/domain';
import { bearer, type TestApp } from '../test/harness.js';
import {
  encodeForm,
  leftovers,
  REGISTER,
  SAMPLE_BYTES,
  sendForm,
  upload,
  validFiles,
  validValues,
} from '../test/multipart.js';
import { saveThroughUploads } from '../test/tus.js';
import { DOCX_START, zip } from '../test/zip.js';
import { createSignedInApp } from '../test/signed-in-app.js';

/**
 * Hostile uploads: each is refused with a 4xx and leaves nothing behind, or is accepted and
 * defused (served so that nothing in it can run).
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  ({ t, memberA: token } = await createSignedInApp(['memberA']));
});
afterAll(() => t?.close());

/** The two ways a form's files arrive: inline in the multipart save, or as resumable uploads. */
const PATHS = [
  ['multipart save', sendForm],
  ['resumable uploads (tus) then a save with their ids', saveThroughUploads],
] as const;

describe.each(PATHS)('hostile uploads through the %s', (_path, save) => {
  function registerWithDocument(name: string, bytes: Buffer) {
    const files = validFiles().filter(([part]) => part !== 'registrationDocument');
    return save(t.app, token, REGISTER, validValues(), [
      ['registrationDocument', upload(name, bytes)],
      ...files,
    ]);
  }

  it('accepts an ordinary .docx (the limits do not catch real documents)', async () => {
    const response = await registerWithDocument('letter.docx', zip(DOCX_START));
    expect(response.statusCode).toBe(201);
  });

  it('refuses a .docx zip bomb by its declared unpacked size, keeping nothing', async () => {
    const before = await leftovers(t);
    // 40 MB of zeros deflates to about 40 KB: a real bomb, ratio about 1000:1.
    const bomb = zip([
      ...DOCX_START,
      { name: 'word/media/zeros.bin', data: Buffer.alloc(40 << 20) },
    ]);
    const response = await registerWithDocument('bomb.docx', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.registrationDocument).toBe(HORSE_MESSAGES.documentArchiveRefused);
    expect(await leftovers(t)).toEqual(before);
  });

  it('refuses a .docx claiming gigabytes, and one with thousands of entries', async () => {
    const liar = zip([
      ...DOCX_START,
      { name: 'word/big.xml', data: Buffer.from('x'), declaredSize: 0xfffffff0 },
    ]);
    expect((await registerWithDocument('liar.docx', liar)).statusCode).toBe(400);
    const many = zip([
      ...DOCX_START,
      ...Array.from({ length: 3000 }, (_, i) => ({
        name: `word/p${i}.xml`,
        data: Buffer.from(''),
      })),
    ]);
    const response = await registerWithDocument('many.docx', many);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.registrationDocument).toBe(HORSE_MESSAGES.documentArchiveRefused);
  });

  it('refuses a .docx whose entries climb out of their folder (zip slip)', async () => {
    const slip = zip([...DOCX_START, { name: '../../evil.sh', data: Buffer.from('rm -rf /') }]);
    expect((await registerWithDocument('slip.docx', slip)).statusCode).toBe(400);
  });

  it('refuses a renamed executable', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
    const response = await registerWithDocument('papers.pdf', exe);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.registrationDocument).toBe(HORSE_MESSAGES.documentFormat);
  });

  it('defuses a PDF carrying JavaScript: downloaded, sandboxed, never sniffed', async () => {
    const pdf = Buffer.concat([
      Buffer.from(SAMPLE_BYTES.pdf()),
      Buffer.from('\n1 0 obj << /Type /Action /S /JavaScript /JS (app.alert(1)) >> endobj\n'),
    ]);
    const response = await registerWithDocument('script.pdf', pdf);
    expect(response.statusCode).toBe(201);
    const url = response.json().data.registrationDocument.url as string;
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('keeps path-traversal file names as plain names, never as paths', async () => {
    for (const name of ['../../../etc/passwd.pdf', '..\\..\\windows\\win.pdf', '/abs/olute.pdf']) {
      const response = await registerWithDocument(name, Buffer.from(SAMPLE_BYTES.pdf()));
      expect(response.statusCode).toBe(201);
      const stored = response.json().data.registrationDocument.name as string;
      expect(stored).not.toMatch(/[\\/]/);
      expect(stored).not.toContain('..');
      expect(stored.endsWith('.pdf')).toBe(true);
    }
  });

  it('refuses a body of thousands of parts and oversized fields with a 4xx, keeping nothing', async () => {
    const before = await leftovers(t);
    const parts = new FormData();
    for (let i = 0; i < 5000; i += 1) parts.append(`field${i}`, 'x');
    const many = await encodeForm(parts);
    const manyResponse = await t.app.inject({
      ...REGISTER,
      payload: many.payload,
      headers: { ...many.headers, ...bearer(token) },
    });
    expect(manyResponse.statusCode).toBeGreaterThanOrEqual(400);
    expect(manyResponse.statusCode).toBeLessThan(500);

    const huge = await sendForm(
      t.app,
      token,
      REGISTER,
      { ...validValues(), bredBy: 'x'.repeat(3 << 20) },
      validFiles(),
    );
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json().success).toBe(false);
    expect(await leftovers(t)).toEqual(before);
  });
});
