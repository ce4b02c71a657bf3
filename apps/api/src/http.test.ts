import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from './test/harness.js';

/** Collects every log line the app writes. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const webDir = mkdtempSync(path.join(tmpdir(), 'registry-web-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><title>Registry</title><div id="root"></div>',
);
writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDir, logLevel: 'info' }, { logStream });
});
afterAll(() => t.close());

describe('health and docs', () => {
  it('reports the database as reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { status: 'ok', database: 'up' },
    });
  });

  it('reports 503 with a clear message when the database does not answer', async () => {
    const realPing = t.database.ping;
    t.database.ping = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        error: 'The registry database is unavailable. Please try again shortly.',
      });
    } finally {
      t.database.ping = realPing;
    }
  });

  it('publishes the OpenAPI document with the sign-in routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/admin-login', '/api/auth/login', '/api/health']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Not found' });
  });

  it('answers malformed JSON and wrong content types with 4xx JSON and no stack', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().success).toBe(false);
    expect(badJson.body).not.toMatch(/at .*\.(js|ts):\d+/);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().success).toBe(false);
  });

  it('refuses oversized bodies with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.org', password: 'x'.repeat(2_000_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes (SPA fallback) and JSON for the API', async () => {
    for (const url of ['/', '/admin/horse-list', '/login', '/some/unknown/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});

describe('headers', () => {
  it('sends a strict CSP, nosniff, a referrer policy and HSTS on pages and API answers', async () => {
    for (const url of ['/login', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Pages may load our own scripts; JSON answers may load nothing at all.
      expect(csp).toContain(url === '/login' ? "script-src 'self'" : "default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('forbids caching of API data', async () => {
    const token = await login(t.app, MEMBER_A);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(token),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const token = await login(t.app, ADMIN, 'admin');
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: MEMBER_A.email, password: 'Wrong-Pass-777' },
    });
    const all = logLines.join('');
    expect(all).toContain('/api/auth/me'); // the requests were logged...
    expect(all).not.toContain(token); // ...but not the token,
    expect(all).not.toContain(ADMIN.password); // nor any password.
    expect(all).not.toContain('Wrong-Pass-777');
  });
});
