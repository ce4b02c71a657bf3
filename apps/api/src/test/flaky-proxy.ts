import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FlakyProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The next `count` requests with this method are answered 503 SlowDown instead of forwarded. */
  failNext(method: string, count: number): void;
  /** Requests answered 503 so far. */
  failed: number;
  /** Requests passed on to the real server, as "METHOD path". */
  forwarded: string[];
  stop(): Promise<void>;
}

const SLOW_DOWN =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code>' +
  '<Message>Please reduce your request rate.</Message></Error>';

/**
 * A reverse proxy in front of a real server that can be told to answer 503 (what S3 says when it
 * is briefly overloaded), as a busy object store does. The failed request's body is read and
 * dropped first, as a real store does before it answers.
 */
export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const upstream = new URL(target);
  const failures = new Map<string, number>();
  const state: FlakyProxy = {
    origin: '',
    failed: 0,
    forwarded: [],
    failNext(method, count) {
      failures.set(method, count);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const left = failures.get(method) ?? 0;
    if (left > 0) {
      failures.set(method, left - 1);
      state.failed += 1;
      request.resume();
      request.on('end', () => {
        response.writeHead(503, { 'content-type': 'application/xml' }).end(SLOW_DOWN);
      });
      return;
    }
    state.forwarded.push(`${method} ${request.url}`);
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
