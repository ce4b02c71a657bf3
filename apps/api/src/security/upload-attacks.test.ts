import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HORSE_MESSAGES } from '@registry/domain';
import { bearer, createTestApp, login, MEMBER_A, type TestApp } from '../test/harness.js';
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

/**
 * Hostile uploads: each is refused with a 4xx and leaves nothing behind, or is accepted and
 * defused (served so that nothing in it can run).
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, MEMBER_A);
});
afterAll(() => t?.close());

/** A minimal zip writer: stored or deflated entries, a central directory, the end record. */
function zip(entries: Array<{ name: string; data: Buffer; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** What makes `file-type` call a zip a .docx: the content types part first, then word/. */
const DOCX_START = [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
  { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
];

function registerWithDocument(name: string, bytes: Buffer) {
  const files = validFiles().filter(([part]) => part !== 'registrationDocument');
  return sendForm(t.app, token, REGISTER, validValues(), [
    ['registrationDocument', upload(name, bytes)],
    ...files,
  ]);
}

describe('hostile uploads', () => {
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
