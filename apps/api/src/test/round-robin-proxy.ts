import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for the multi-instance tests (docs/operations.md "Several instances"): each
 * request goes to the next instance in turn, whatever the one before it was, so one client's
 * consecutive calls land on different instances. It counts what each instance was given.
 */
export interface RoundRobinProxy {
  baseURL: string;
  /** Requests forwarded to each target, in the order the targets were given. */
  forwarded: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const forwarded = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % targets.length;
    forwarded[index] = (forwarded[index] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', targets[index]);
    const upstream = request(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      // A dead instance: what a balancer answers before its health check takes it out.
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    forwarded,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
