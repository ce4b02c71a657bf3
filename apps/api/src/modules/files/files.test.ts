import {
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, SAMPLE_BYTES } from '../../test/multipart.js';
import { verifiedMimeType } from './content-check.js';
import { contentDisposition, safeFileName } from './names.js';
import { createUrlSigner } from './signed-urls.js';
import { KEPT_IN_MEMORY, LocalDiskStorage, isOversized } from './storage.js';

const root = mkdtempSync(path.join(tmpdir(), 'registry-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A stream delivering `total` bytes in 64 KiB chunks, like a request body. */
function bytes(total: number, fill = 0x61): Readable {
  let left = total;
  return new Readable({
    read() {
      const size = Math.min(left, 65_536);
      left -= size;
      this.push(size > 0 ? Buffer.alloc(size, fill) : null);
    },
  });
}

describe('LocalDiskStorage', () => {
  it('stages with size and sha256, commits under the key, reads and removes', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'a'));
    await storage.init();
    const staged = await storage.stage(Readable.from([Buffer.from('hello')]), 10);
    if (isOversized(staged)) throw new Error('unexpected');
    expect(staged).toMatchObject({
      size: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(filesUnder(path.join(root, 'a'))).toEqual([`tmp/${staged.key}`]);
    await storage.commit(staged.key);
    expect(filesUnder(path.join(root, 'a'))).toEqual([`${staged.key.slice(0, 2)}/${staged.key}`]);
    expect(await text(await storage.open(staged.key))).toBe('hello');
    await storage.remove(staged.key);
    expect(filesUnder(path.join(root, 'a'))).toEqual([]);
    await expect(storage.open(staged.key)).rejects.toThrow();
  });

  it('reads a source past its limit to the end but keeps nothing of it', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'b'));
    await storage.init();
    const source = bytes(300_000);
    const result = await storage.stage(source, 100_000);
    expect(result).toEqual({ tooLarge: true, size: 300_000 });
    expect(source.readableEnded).toBe(true);
    expect(filesUnder(path.join(root, 'b'))).toEqual([]);
    const exact = await storage.stage(bytes(100_000), 100_000);
    expect(isOversized(exact)).toBe(false);
  });

  it('keeps a small file in memory as well, and streams a larger one to disk only', async () => {
    const dir = path.join(root, 'kept');
    const storage = new LocalDiskStorage(dir);
    await storage.init();
    const small = await storage.stage(Readable.from(['hel', Buffer.from('lo')]), 10);
    if (isOversized(small)) throw new Error('unexpected');
    expect(small.bytes?.toString()).toBe('hello');
    expect(readFileSync(path.join(dir, 'tmp', small.key), 'utf8')).toBe('hello');
    const large = await storage.stage(bytes(KEPT_IN_MEMORY + 1, 0x62), KEPT_IN_MEMORY + 1);
    if (isOversized(large)) throw new Error('unexpected');
    expect(large.bytes).toBeUndefined();
    expect(large.size).toBe(KEPT_IN_MEMORY + 1);
    expect(readFileSync(path.join(dir, 'tmp', large.key))).toEqual(
      Buffer.alloc(KEPT_IN_MEMORY + 1, 0x62),
    );
    expect(statSync(path.join(dir, 'tmp', large.key)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'tmp', small.key)).mode & 0o777).toBe(0o600);
  });

  it('commits into its folder whether it exists, is new or was removed; a missing file refuses', async () => {
    const dir = path.join(root, 'folders');
    const storage = new LocalDiskStorage(dir);
    await storage.init();
    /** A staged file whose key starts with `prefix`, so several share one folder. */
    const stageAs = async (prefix: string, content: string) => {
      const staged = await storage.stage(Readable.from([Buffer.from(content)]), 10);
      if (isOversized(staged)) throw new Error('unexpected');
      const key = `${prefix}${staged.key.slice(2)}`;
      renameSync(path.join(dir, 'tmp', staged.key), path.join(dir, 'tmp', key));
      return key;
    };
    const first = await stageAs('ab', 'one');
    const second = await stageAs('ab', 'two');
    await storage.commit(first);
    await storage.commit(second);
    rmSync(path.join(dir, 'ab'), { recursive: true });
    const third = await stageAs('ab', 'three');
    await storage.commit(third);
    expect(await text(await storage.open(third))).toBe('three');
    expect(statSync(path.join(dir, 'ab')).mode & 0o777).toBe(0o700);
    await expect(storage.commit(third)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(filesUnder(dir)).toEqual([`ab/${third}`]);
  });

  it('clears staged files left by a crash, but not ones still being written', async () => {
    const dir = path.join(root, 'c');
    const storage = new LocalDiskStorage(dir);
    await storage.init();
    const old = path.join(dir, 'tmp', '11111111-1111-4111-8111-111111111111');
    const fresh = path.join(dir, 'tmp', '22222222-2222-4222-8222-222222222222');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    await new LocalDiskStorage(dir).init();
    expect(filesUnder(dir)).toEqual([`tmp/${path.basename(fresh)}`]);
  });

  it('never builds a path from anything but a key it made', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'd'));
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(storage.remove('../x')).rejects.toThrow('Invalid storage key');
  });
});

describe('verifiedMimeType', () => {
  // A byte stream, as the storage hands out (Readable.from would be an object stream).
  const check = (name: string, content: Buffer) =>
    verifiedMimeType(name, new PassThrough().end(content));

  it('accepts each allowed type by its bytes and gives our MIME type for it', async () => {
    expect(await check('a.pdf', SAMPLE_BYTES.pdf())).toBe('application/pdf');
    expect(await check('a.PNG', SAMPLE_BYTES.png())).toBe('image/png');
    expect(await check('a.jpeg', SAMPLE_BYTES.jpeg())).toBe('image/jpeg');
    expect(await check('a.doc', SAMPLE_BYTES.doc())).toBe('application/msword');
    expect(await check('a.mp4', SAMPLE_BYTES.mp4())).toBe('video/mp4');
    expect(await check('a.wmv', SAMPLE_BYTES.wmv())).toBe('video/x-ms-wmv');
  });

  it('refuses content that is not what the name says, and names we do not take', async () => {
    expect(await check('a.pdf', SAMPLE_BYTES.exe())).toBeUndefined();
    expect(await check('a.png', SAMPLE_BYTES.jpeg())).toBeUndefined();
    expect(await check('a.pdf', Buffer.from('just text'))).toBeUndefined();
    expect(await check('a.pdf', Buffer.alloc(0))).toBeUndefined();
    expect(await check('a.exe', SAMPLE_BYTES.exe())).toBeUndefined();
    expect(await check('a.svg', Buffer.from('<svg/>'))).toBeUndefined();
  });
});

describe('file names', () => {
  it('keeps only a plain, bounded name with its extension', () => {
    expect(safeFileName('C:\\Users\\ann\\papers.pdf')).toBe('papers.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('evil\u202Egpj.exe')).toBe('evilgpj.exe');
    expect(safeFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(safeFileName('what?"<>|.png')).toBe('what_____.png');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName('.env')).toBe('env');
    const long = safeFileName(`${'x'.repeat(400)}.jpeg`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('writes a Content-Disposition that old and new clients read the same', () => {
    expect(contentDisposition('inline', 'photo.png')).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
    expect(contentDisposition('attachment', 'Émile "x" (1).pdf')).toBe(
      `attachment; filename="_mile _x_ (1).pdf"; filename*=UTF-8''%C3%89mile%20%22x%22%20%281%29.pdf`,
    );
  });
});

describe('signed download URLs', () => {
  const signer = createUrlSigner('a-secret-of-at-least-thirty-two-characters');
  const id = '0b9a4a52-6a43-4d8c-9d53-0b1f1a8b9c11';
  const parts = (url: string) => {
    const u = new URL(url, 'http://x');
    return [
      u.searchParams.get('exp') ?? undefined,
      u.searchParams.get('sig') ?? undefined,
    ] as const;
  };

  it('verify their own file for about an hour, with expiry rounded for caching', () => {
    const now = new Date('2026-01-01T10:07:00Z');
    const url = signer.url(id, now);
    const [exp, sig] = parts(url);
    expect(url.startsWith(`/uploads/${id}?exp=`)).toBe(true);
    expect(Number(exp) % 900).toBe(0);
    expect(signer.url(id, new Date('2026-01-01T10:08:00Z'))).toBe(url);
    expect(signer.verify(id, exp, sig, now)).toBe(true);
    expect(signer.verify(id, exp, sig, new Date((Number(exp) + 1) * 1000))).toBe(false);
  });

  it('refuse another file, another secret, and edited values', () => {
    const [exp, sig] = parts(signer.url(id));
    expect(signer.verify(id.replace('0b9a', '1b9a'), exp, sig)).toBe(false);
    expect(createUrlSigner('another-secret-of-thirty-two-characters!').verify(id, exp, sig)).toBe(
      false,
    );
    expect(signer.verify(id, String(Number(exp) + 1), sig)).toBe(false);
    expect(signer.verify(id, exp, `${sig}x`)).toBe(false);
    expect(signer.verify(id, '1e12', sig)).toBe(false);
    expect(signer.verify(id, undefined, sig)).toBe(false);
  });
});
