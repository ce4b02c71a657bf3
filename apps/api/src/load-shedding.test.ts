import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE, registerLoadShedding } from './load-shedding.js';

describe('load shedding', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appWithQueue(queue: { length: number }, maxLagMs = 10_000) {
    const app = Fastify();
    apps.push(app);
    registerLoadShedding(app, {
      maxLagMs,
      maxQueue: 5,
      queueLength: () => queue.length,
      retryAfterSeconds: 2,
    });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/api/auth/horses', async () => ({ success: true }));
    app.get('/index.html', async () => 'page');
    await app.ready();
    return app;
  }

  it('refuses API requests with 503 and Retry-After while the pool queue is long, health still answers', async () => {
    const queue = { length: 0 };
    const app = await appWithQueue(queue);
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

  it('refuses API requests while the event loop lags', async () => {
    const app = await appWithQueue({ length: 0 }, 50);
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
    // Block the event loop past the limit, then let the lag sampler run once.
    const until = performance.now() + 200;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const refused = await app.inject('/api/auth/horses');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });
});
