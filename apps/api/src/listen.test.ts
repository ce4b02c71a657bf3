import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWide } from './listen.js';

/**
 * A burst of connections is accepted in a few turns of the event loop (apps/api/src/listen.ts):
 * libuv takes one connection per listening socket per turn, so with one socket 200 queued
 * connections took about 200 turns.
 */
describe('listening with several sockets', () => {
  const sockets: net.Socket[] = [];
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    sockets.splice(0).forEach((socket) => socket.destroy());
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appListening(acceptors: number) {
    const app = Fastify();
    apps.push(app);
    app.get('/api/health', async () => ({ ok: true }));
    await app.ready();
    await listenWide(app, { port: 0, host: '127.0.0.1', backlog: 511, acceptors });
    return app;
  }

  /** Turns of the loop the server takes to accept `count` connections queued at once. */
  async function turnsToAccept(app: ReturnType<typeof Fastify>, count: number) {
    const { port } = app.server.address() as AddressInfo;
    let accepted = 0;
    app.server.on('connection', () => (accepted += 1));
    for (let i = 0; i < count; i += 1) {
      sockets.push(net.connect(port, '127.0.0.1').on('error', () => {}));
    }
    // The connects are issued; then the loop is held while the kernel completes them all, so
    // they wait in the accept queues together, as a burst does behind a long turn.
    await new Promise((resolve) => setImmediate(resolve));
    const until = performance.now() + 200;
    while (performance.now() < until);
    let turns = 0;
    while (accepted < count && turns < 10 * count) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect(accepted).toBe(count);
    return turns;
  }

  it('accepts a burst in far fewer turns than one socket would', async () => {
    const one = await turnsToAccept(await appListening(1), 200);
    const many = await turnsToAccept(await appListening(16), 200);
    // One socket: about one turn per connection (the reason for the others).
    expect(one).toBeGreaterThan(100);
    expect(many).toBeLessThan(one / 3);
  });

  it('refuses a port another registry already listens on, as a plain listen would', async () => {
    const first = await appListening(8);
    const { port } = first.server.address() as AddressInfo;
    const second = Fastify();
    apps.push(second);
    await second.ready();
    await expect(
      listenWide(second, { port, host: '127.0.0.1', backlog: 511, acceptors: 8 }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('answers on every socket and frees the port on close', async () => {
    const app = await appListening(8);
    const { port } = app.server.address() as AddressInfo;
    // Each connection lands on one of the sockets (the kernel spreads them by address).
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } }).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    await app.close();
    apps.splice(0);
    // No socket is left listening: a plain listen on the port succeeds.
    const probe = net.createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise((resolve) => probe.close(resolve));
  });
});
