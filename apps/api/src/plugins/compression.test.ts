import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from '../test/admin-fixtures.js';
import { MEMBER_A, bearer, createTestApp, login, type TestApp } from '../test/harness.js';

// A built web folder as the Vite build leaves it: each text file with its .br and .gz copies
// (the build skips a copy that would not be smaller; then the file itself is served).
const webDir = mkdtempSync(path.join(tmpdir(), 'registry-web-'));
const html = `<!doctype html><title>Registry</title><div id="root"></div>${' '.repeat(2000)}`;
const script = `console.log(${JSON.stringify('app '.repeat(2000))});`;
function writeWithCopies(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
mkdirSync(path.join(webDir, 'assets'));
writeWithCopies(path.join(webDir, 'index.html'), html);
writeWithCopies(path.join(webDir, 'assets', 'app-1234.js'), script);

let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await createTestApp({ webDir, logLevel: 'error' });
  member = await login(t.app, MEMBER_A);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const varyWords = (vary: unknown) =>
  String(vary ?? '')
    .toLowerCase()
    .split(/,\s*/);

describe('built web files', () => {
  it('sends the brotli copy, the gzip copy or the file itself as the browser accepts', async () => {
    const url = '/assets/app-1234.js';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identityHeaders: Array<Record<string, string>> = [{ 'accept-encoding': 'identity' }, {}];
    for (const identity of identityHeaders) {
      const plain = await get(url, identity);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
    for (const response of [br, gzip]) {
      expect(varyWords(response.headers.vary)).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Document-only headers are left off scripts; what protects a script stays.
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Never revalidated (immutable): no validators to send back; no id to quote.
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['last-modified']).toBeUndefined();
      expect(response.headers['x-request-id']).toBeUndefined();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('revalidates index.html: an unchanged page answers 304 without a body', async () => {
    for (const url of ['/', '/dashboard', '/admin/horse-list']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(html);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['content-security-policy']).toContain("default-src 'self'");
      expect(first.headers['strict-transport-security']).toContain('max-age=');
      expect(varyWords(first.headers.vary)).toContain('accept-encoding');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^(W\/)?".+"$/);

      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
    }
  });
});

describe('API answers', () => {
  it('compresses JSON of 1 KB and more for a client that asks, and says it varies', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyWords(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const identity = await get('/api/docs/json', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('leaves small answers and error answers under 1 KB as they are', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ success: true });

    const missing = await get('/api/no-such-thing', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toEqual({ success: false, error: 'Not found' });
  });

  it('answers a compressed request body with a 4xx, never by inflating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(MEMBER_A)),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('downloads of uploads', () => {
  it('sends JPEG, PNG and PDF uploads byte for byte, never recompressed', async () => {
    await registerThroughApi(t.app, t.database.db, member);
    const list = await get('/api/auth/horses?pageSize=20', bearer(member));
    const [row] = list.json().data.items as Array<{ _id: string }>;
    // List rows are summaries; the record with its file links is the horse's own route.
    const record = await get(`/api/members/horses/${row!._id}`, bearer(member));
    const horse = record.json().data as {
      markingDocuments: Array<{ url: string; name: string }>;
      registrationDocument: { url: string; name: string } | null;
    };
    const files = [...horse!.markingDocuments, horse!.registrationDocument!];
    const types = new Set<string>();
    for (const file of files) {
      const plain = await get(file.url);
      const asked = await get(file.url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(asked.statusCode, file.name).toBe(200);
      expect(asked.headers['content-encoding'], file.name).toBeUndefined();
      expect(asked.headers['content-length']).toBe(String(plain.rawPayload.length));
      expect(asked.rawPayload.equals(plain.rawPayload)).toBe(true);
      types.add(String(asked.headers['content-type']));
    }
    expect([...types].sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
  });
});
