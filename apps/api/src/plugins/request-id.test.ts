import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('x-request-id', () => {
  it('is on every answer, success or error, and differs per request', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/members' });
    const ids = [health, missing, refused].map((r) => r.headers['x-request-id']);
    expect(missing.statusCode).toBe(404);
    expect(refused.statusCode).toBe(401);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('is not taken from the client', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged' },
    });
    expect(answer.headers['x-request-id']).not.toBe('forged');
  });
});
