import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE, registerLoadShedding } from './load-shedding.js';

/** Limits that never trip, for each test to lower one. */
const OPEN = {
  maxLagMs: 10_000,
  maxQueue: 5,
  maxInFlight: 1_000,
  maxHeapBytes: 2 ** 40,
  retryAfterSeconds: 2,
};

describe('load shedding', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appWith(limits: Partial<typeof OPEN>, queue = { length: 0 }) {
    const app = Fastify();
    apps.push(app);
    await registerLoadShedding(app, { ...OPEN, ...limits, queueLength: () => queue.length });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/api/auth/horses', async () => ({ success: true }));
    app.get('/index.html', async () => 'page');
    return app;
  }

  it('refuses API requests with 503 and Retry-After while the pool queue is long, health still answers', async () => {
    const queue = { length: 0 };
    const app = await appWith({}, queue);
    await app.ready();
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);

    queue.length = 5;
    const refused = await app.inject('/api/auth/horses?page=1');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toEqual({ success: false, error: OVERLOADED_MESSAGE });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/index.html')).statusCode).toBe(200);

    queue.length = 4;
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
  });

  it('refuses API requests while the event loop lags (under-pressure)', async () => {
    const app = await appWith({ maxLagMs: 50, retryAfterSeconds: 7 });
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
    // Block the event loop past the limit, then let the sampler (every 100 ms, overdue by now)
    // run once: it takes the mean delay since its last run, so the refusals last one sample.
    const until = performance.now() + 400;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await app.inject('/api/auth/horses');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.json()).toEqual({ success: false, error: OVERLOADED_MESSAGE });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/index.html')).statusCode).toBe(200);
  });

  it('does not count the delay of its own start', async () => {
    const app = await appWith({ maxLagMs: 50 });
    // Start-up work on the loop (migrations, demo data) before the server is ready.
    const until = performance.now() + 400;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
  });

  it('refuses the rest of a turn once the loop has been busy in it past the limit', async () => {
    const app = await appWith({ maxLagMs: 150 });
    // Each request holds the loop for 100 ms, as a request on the embedded database does for
    // its whole run: sent together they fall in one turn, and the third would wait 200 ms.
    app.get('/api/slow', async () => {
      const until = performance.now() + 100;
      while (performance.now() < until);
      return { success: true };
    });
    const statuses = (
      await Promise.all(Array.from({ length: 5 }, () => app.inject('/api/slow')))
    ).map((answer) => answer.statusCode);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2)).toEqual([503, 503, 503]);
    // The next turn starts afresh.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
  });

  it('refuses API requests while the heap is past its limit', async () => {
    const app = await appWith({ maxHeapBytes: 1 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(503);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });
});
