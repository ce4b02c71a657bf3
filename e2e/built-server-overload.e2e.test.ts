import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENCH_MEMBER,
  root,
  START_NODE_ARGS,
  startServer,
  type RunningServer,
} from './bench/server.js';

/**
 * Load shedding as it ships (apps/api/src/load-shedding.ts, docs/operations.md "Overload"): the
 * built server (apps/api/dist/server.js, with `npm start`'s Node flags) configured through its
 * OVERLOAD_* variables. A burst of more requests than it can answer in time gets 503 with the
 * configured Retry-After for the excess, the health check answers meanwhile, and the next
 * request after the burst is served. A bad value stops the start with its configuration error.
 */
let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startServer(undefined, {
    // The embedded database answers each request within one turn of the event loop: past 50 ms
    // of a turn the rest of a burst is refused, and so is what comes in the next 100 ms sample.
    OVERLOAD_MAX_LAG_MS: '50',
    OVERLOAD_RETRY_AFTER_SECONDS: '4',
    READ_CACHE_SECONDS: '0',
  });
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_MEMBER),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
}, 60_000);
afterAll(() => server?.stop());

describe('the built server under overload', () => {
  it('sheds the excess with 503 + Retry-After, answers health meanwhile, then serves again', async () => {
    const list = () =>
      fetch(`${server.baseURL}/api/auth/horses?page=1&pageSize=10`, {
        headers: { authorization: `Bearer ${token}` },
      });
    // Enough that its turn passes 50 ms on a quiet machine too (60 did not on CI).
    const burst = Array.from({ length: 400 }, list);
    const health = fetch(`${server.baseURL}/api/health`);
    const answers = await Promise.all(burst);

    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('4');
      expect(((await answer.json()) as { success: boolean }).success).toBe(false);
    }
    expect((await health).status).toBe(200);
    // Served again once the loop has caught up: within a few samples of 100 ms.
    let after = await list();
    for (let i = 0; i < 20 && after.status !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await list();
    }
    expect(after.status).toBe(200);
  });

  it('refuses to start with an OVERLOAD_MAX_IN_FLIGHT that is not a whole number', () => {
    const started = spawnSync(
      process.execPath,
      [...START_NODE_ARGS, path.join(root, 'apps/api/dist/server.js')],
      {
        env: { ...process.env, OVERLOAD_MAX_IN_FLIGHT: '0', PORT: '1' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('OVERLOAD_MAX_IN_FLIGHT');
  });
});
