import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from './load-shedding.js';
import { createTestApp, login, MEMBER_A, type TestApp } from './test/harness.js';

/**
 * The real app saturated (apps/api/src/load-shedding.ts): more requests at once than it admits.
 * The extra ones are answered at once with 503 and Retry-After instead of queueing, the health
 * check still answers, and once the burst is over requests are served again.
 */
const MAX_IN_FLIGHT = 4;

describe('the API under overload', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({
      readCacheMs: 0,
      overload: {
        maxLagMs: 60_000,
        maxQueue: 1_000,
        maxInFlight: MAX_IN_FLIGHT,
        maxHeapBytes: 2 ** 40,
        retryAfterSeconds: 3,
      },
    });
    token = await login(t.app, MEMBER_A);
  });
  afterAll(() => t.close());

  it('refuses what it cannot admit with 503 + Retry-After, keeps answering health, then recovers', async () => {
    const list = () =>
      t.app.inject({
        url: '/api/auth/horses?page=1&pageSize=10',
        headers: { authorization: `Bearer ${token}` },
      });
    const burst = Array.from({ length: 40 }, list);
    // Sent while the burst is being answered: never shed.
    const health = t.app.inject('/api/health');
    const answers = await Promise.all(burst);

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('3');
      expect(answer.json()).toEqual({ success: false, error: OVERLOADED_MESSAGE });
    }
    expect((await health).statusCode).toBe(200);

    // Every admitted request has been answered, so the next one is admitted again.
    expect((await list()).statusCode).toBe(200);
  });
});
