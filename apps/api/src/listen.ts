import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Listening for a burst of connections (docs/operations.md "Overload").
 *
 * libuv accepts one connection each time the event loop finds a listening socket readable
 * (libuv PR 3696, "unix: don't accept() connections in a loop", since 1.45; measured on Node 24:
 * 500 queued connections took 499 turns of the loop to accept). Under load a turn answers every
 * request that has arrived, so it lasts tens to hundreds of milliseconds: with 2,000 clients
 * connecting at once, the last few hundred sat in the kernel's accept queue for more than 10 s,
 * connected but never read, neither answered nor refused (measured: `ss -ltn` showed 467 queued
 * for 9 s; every timeout of `npm run bench:overload` was one of them).
 *
 * So the server listens on the same port with several sockets (SO_REUSEPORT: the kernel spreads
 * new connections over them), each accepting one connection a turn, and hands every connection
 * to the one HTTP server: `acceptors` connections a turn instead of one.
 */
export interface ListenOptions {
  port: number;
  host: string;
  /** Each socket's accept queue (the kernel caps it at net.core.somaxconn). */
  backlog: number;
  /** Listening sockets on the port; 1 is a plain listen. */
  acceptors: number;
}

export async function listenWide(app: FastifyInstance, options: ListenOptions): Promise<void> {
  const { host, backlog, acceptors } = options;
  const extra: net.Server[] = [];
  // The others stop accepting when the HTTP server does (app.close() closes it; the app is
  // ready by now, so it takes no more hooks).
  const closeServer = app.server.close.bind(app.server);
  app.server.close = (callback) => {
    for (const server of extra) server.close();
    return closeServer(callback);
  };
  // SO_REUSEPORT would let a second registry started on the same port (same user) join this
  // one's sockets and share its connections: a plain listen first, closed at once, keeps the
  // "already in use" error (EADDRINUSE) for a port that is taken.
  if (acceptors > 1 && options.port !== 0) {
    const probe = net.createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port: options.port, host }, () => probe.close(() => resolve()));
    });
  }
  // The first socket takes the port (or picks one, for port 0), the others join it.
  await app.listen({
    port: options.port,
    host,
    backlog,
    ...(acceptors > 1 && { reusePort: true }),
  });
  const { port } = app.server.address() as AddressInfo;
  const joining = Array.from({ length: acceptors - 1 }, () => {
    // Handed over in the same tick, before any data is read from it (as the HTTP server's own
    // listening socket does); no delay on small writes, as Node's HTTP server sets.
    const server = net.createServer({ noDelay: true }, (socket) => {
      app.server.emit('connection', socket);
    });
    extra.push(server);
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host, backlog, reusePort: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  await Promise.all(joining);
}
