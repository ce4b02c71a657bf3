import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the server that counts every byte the browser sends and can drop
 * every connection once a number of bytes has passed: a phone losing its signal mid-upload.
 */
export interface CuttingProxy {
  baseURL: string;
  /** Bytes sent by the browser since the last reset. */
  sent(): number;
  reset(): void;
  /** Drops every connection as soon as `bytes` more have been sent (once). */
  cutAfter(bytes: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `bytesPerSecond` makes it a slow link (a phone's upload): the browser's bytes are read at that
 * rate. Without it, loopback sockets buffer megabytes, which no phone link holds in flight.
 */
export async function startCuttingProxy(
  target: string,
  bytesPerSecond = 8 * 1024 * 1024,
): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let sent = 0;
  let cut: { at: number; done: () => void } | undefined;
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client);
    sockets.add(upstream);
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      client.pause();
      const wait = new Promise((resolve) =>
        setTimeout(resolve, (chunk.length / bytesPerSecond) * 1000),
      );
      const drained = upstream.write(chunk)
        ? Promise.resolve()
        : new Promise((resolve) => upstream.once('drain', resolve));
      void Promise.all([wait, drained]).then(() => client.resume());
      if (cut && sent >= cut.at) {
        const done = cut.done;
        cut = undefined;
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        done();
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    sent: () => sent,
    reset: () => {
      sent = 0;
    },
    cutAfter: (bytes) => new Promise((resolve) => (cut = { at: sent + bytes, done: resolve })),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A 20 MB MP4 (an `ftyp` box, then zeros): what the server's magic-byte check accepts. */
export function videoBytes(size = 20 * 1024 * 1024): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isomiso2', 16, 'latin1');
  return bytes;
}
