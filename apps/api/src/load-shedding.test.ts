import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  /** Requests over real connections: only those wait for the loop, so only those are shed for it. */
  const agents: Agent[] = [];
  afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));
  async function overHttp(app: ReturnType<typeof Fastify>) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    agents.push(agent);
    return (path: string) =>
      new Promise<{ status: number; retryAfter: unknown; body: string }>((resolve, reject) => {
        get(`http://127.0.0.1:${port}${path}`, { agent }, (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              retryAfter: answer.headers['retry-after'],
              body,
            }),
          );
        }).on('error', reject);
      });
  }

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
    const ask = await overHttp(app);
    expect((await ask('/api/auth/horses')).status).toBe(200);
    // Hold the loop 80 ms at a time, as a backlog does: each 10 ms probe of the delay histogram
    // comes about 80 ms late, so once the sampler (every 100 ms) has run its mean is past the
    // limit. Asked between slices until refused (at most 2 s).
    const until = performance.now() + 2000;
    let refused = await ask('/api/auth/horses');
    while (refused.status !== 503 && performance.now() < until) {
      const slice = performance.now() + 80;
      while (performance.now() < slice);
      await new Promise((resolve) => setTimeout(resolve, 0));
      refused = await ask('/api/auth/horses');
    }
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('7');
    expect(JSON.parse(refused.body)).toEqual({ success: false, error: OVERLOADED_MESSAGE });
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
    expect((await ask('/api/health')).status).toBe(200);
    expect((await ask('/index.html')).status).toBe(200);
  });

  it('does not count the delay of its own start', async () => {
    const app = await appWith({ maxLagMs: 50 });
    // Start-up work on the loop (migrations, demo data) before the server is ready.
    const until = performance.now() + 400;
    while (performance.now() < until) {
      const slice = performance.now() + 80;
      while (performance.now() < slice);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const ask = await overHttp(app);
    expect((await ask('/api/auth/horses')).status).toBe(200);
  });

  it('refuses the rest of a turn once the loop has been busy in it past the limit', async () => {
    const app = await appWith({ maxLagMs: 150 });
    // Each request holds the loop for 100 ms, as a request on the embedded database does for
    // its whole run: sent together over open connections they fall in one or two turns, and
    // a request met after 150 ms of its turn is refused.
    app.get('/api/slow', async () => {
      const until = performance.now() + 100;
      while (performance.now() < until);
      return { success: true };
    });
    const ask = await overHttp(app);
    // Six connections opened first, so the six slow requests arrive together.
    await Promise.all(Array.from({ length: 6 }, () => ask('/api/health')));
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask('/api/slow')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    // In-process requests (inject) never waited for a turn: not refused for it.
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
  });

  it('gives every 503 a Retry-After, also one the routes answer themselves', async () => {
    const app = await appWith({ retryAfterSeconds: 5 });
    app.get('/api/unavailable', async (_request, reply) =>
      reply.code(503).send({ success: false, error: 'database unavailable' }),
    );
    const answer = await app.inject('/api/unavailable');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
  });

  it('admits a burst the server keeps up with; once they wait, only as many as it answered lately (at least 10)', async () => {
    // Lately: within the last maxLagMs; waiting: the oldest in flight for a quarter of it.
    const app = await appWith({ maxLagMs: 1000 });
    // Answered only when the test says so: stands for requests waiting for a slow database.
    let answerAll = () => {};
    let held = new Promise<void>((resolve) => (answerAll = resolve));
    app.get('/api/held', async () => {
      await held;
      return { success: true };
    });
    // Over connections: requests made in-process never wait for the loop and meet only the cap.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const send = () => fetch(`http://127.0.0.1:${port}/api/held`).then((answer) => answer.status);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** `first` requests at once, then `later` more once the first have waited `waitMs`. */
    const burst = async (first: number, later: number, waitMs: number) => {
      const early = Array.from({ length: first }, send);
      await sleep(waitMs);
      const late = Array.from({ length: later }, send);
      // Every request has arrived and been decided by then; then they are answered.
      await sleep(150);
      answerAll();
      const ok = async (statuses: Promise<number>[]) =>
        (await Promise.all(statuses)).filter((status) => status === 200).length;
      const figures = [await ok(early), await ok(late)];
      held = new Promise<void>((resolve) => (answerAll = resolve));
      return figures;
    };
    // A burst of 30 at an idle server, none of them waiting yet: every one admitted.
    expect(await burst(30, 0, 0)).toEqual([30, 0]);
    // Nothing answered lately; 10 held past a quarter of maxLagMs: the next are refused (the
    // floor of 10).
    await sleep(1100);
    expect(await burst(10, 5, 300)).toEqual([10, 0]);
    // 10 answered lately: a burst of 15 is admitted, and once it waits nothing more.
    expect(await burst(15, 5, 300)).toEqual([15, 0]);
    // 25 answered lately: 20 waiting leave room for 5 more.
    expect(await burst(20, 5, 300)).toEqual([20, 5]);
    // Nothing answered lately: a burst is admitted up to BURST_IN_FLIGHT (32), not beyond.
    await sleep(1100);
    expect(await burst(40, 0, 0)).toEqual([32, 0]);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('holds requests made in-process (app.inject) only to the cap of maxInFlight', async () => {
    const app = await appWith({ maxLagMs: 1000, maxInFlight: 50 });
    let answerAll = () => {};
    const held = new Promise<void>((resolve) => (answerAll = resolve));
    app.get('/api/held', async () => {
      await held;
      return { success: true };
    });
    await app.ready();
    const answers = Array.from({ length: 60 }, () => app.inject('/api/held'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    answerAll();
    const statuses = (await Promise.all(answers)).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 503)).toHaveLength(10);
  });

  it("does not count an upload in flight: its body comes at the client's pace", async () => {
    const app = await appWith({});
    let answerAll = () => {};
    const held = new Promise<void>((resolve) => (answerAll = resolve));
    app.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) =>
      done(null, payload),
    );
    app.put('/api/uploads/slow', async () => {
      await held;
      return { success: true };
    });
    await app.ready();
    // 20 uploads at once (bodies past 64 KB), still running: other requests are admitted.
    const body = Buffer.alloc(100 * 1024);
    const uploads = Array.from({ length: 20 }, () =>
      app.inject({
        method: 'PUT',
        url: '/api/uploads/slow',
        headers: { 'content-type': 'application/offset+octet-stream' },
        payload: body,
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(200);
    answerAll();
    expect((await Promise.all(uploads)).map((answer) => answer.statusCode)).toEqual(
      Array.from({ length: 20 }, () => 200),
    );
  });

  it('refuses a request from a connection before Fastify routes it', async () => {
    // A request id is made for every request Fastify handles: none for the refused ones.
    let ids = 0;
    const app = Fastify({ genReqId: () => String((ids += 1)) });
    apps.push(app);
    await registerLoadShedding(app, { ...OPEN, maxQueue: 1, queueLength: () => 1 });
    app.get('/api/auth/horses', async () => ({ success: true }));
    app.get('/api/health', async () => ({ ok: true }));
    const ask = await overHttp(app);
    const refused = await ask('/api/auth/horses');
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('2');
    expect(JSON.parse(refused.body)).toEqual({ success: false, error: OVERLOADED_MESSAGE });
    expect(ids).toBe(0);
    expect((await ask('/api/health')).status).toBe(200);
    expect(ids).toBe(1);
  });

  it('refuses API requests while the heap is past its limit', async () => {
    const app = await appWith({ maxHeapBytes: 1 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await app.inject('/api/auth/horses')).statusCode).toBe(503);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });
});
