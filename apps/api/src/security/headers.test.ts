import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../test/harness.js';

/** Security headers on every answer the API gives, whatever the route and outcome. */
let plain: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  await plain.app.ready();
}, 60_000);

afterAll(async () => {
  await plain?.close();
});

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('security headers', () => {
  it('puts CSP, nosniff, referrer policy, HSTS and no-store on every API answer', async () => {
    const missing: string[] = [];
    for (const route of plain.app.routeTable) {
      const response = await plain.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
      });
      const h = response.headers;
      const csp = String(h['content-security-policy'] ?? '');
      const checks: [string, boolean][] = [
        ["object-src 'none'", csp.includes("object-src 'none'")],
        ["base-uri 'none'", csp.includes("base-uri 'none'")],
        ["frame-ancestors 'none'", csp.includes("frame-ancestors 'none'")],
        ['nosniff', h['x-content-type-options'] === 'nosniff'],
        ['referrer-policy', Boolean(h['referrer-policy'])],
        ['hsts', String(h['strict-transport-security'] ?? '').includes('max-age=')],
        ['no-store', h['cache-control'] === 'no-store'],
      ];
      for (const [name, ok] of checks) {
        if (!ok) missing.push(`${route.method} ${route.url} (${response.statusCode}): ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives API answers a CSP that allows nothing, and pages one that allows only us', async () => {
    const api = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    const page = await plain.app.inject({ method: 'GET', url: '/login' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'self';/);
    expect(csp).not.toContain('stripe.com');
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it("opens exactly Stripe's origins when a publishable key is configured", async () => {
    const base = testConfig();
    const withStripe = await createTestApp({
      payments: { ...base.payments, stripePublishableKey: 'pk_test_123' },
    });
    try {
      const response = await withStripe.app.inject({ method: 'GET', url: '/dashboard' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;|$)/);
      expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com(;|$)/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
      expect(csp).toContain("object-src 'none'");
    } finally {
      await withStripe.close();
    }
  });
});
