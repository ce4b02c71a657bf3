import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com: stripe-node is pointed at it (host/port/protocol) so
 * tests see the exact requests we send and choose the answers.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, decoded: `amount`, `metadata[horseId]`, ... */
  form: Record<string, string>;
  raw: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer;

export interface FakeStripe {
  port: number;
  requests: RecordedRequest[];
  /** Answers in order; the last one repeats. */
  answer(...answers: Array<FakeAnswer | FakeHandler>): void;
  close(): Promise<void>;
}

export function paymentIntent(id: string, status: string, extra: Record<string, unknown> = {}) {
  return { id, object: 'payment_intent', status, livemode: false, ...extra };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let queue: Array<FakeAnswer | FakeHandler> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw || url.search)),
        raw,
      };
      requests.push(recorded);
      const next = queue.length > 1 ? queue.shift() : queue[0];
      const answer =
        typeof next === 'function'
          ? next(recorded)
          : (next ?? { status: 500, body: { error: { message: 'no answer set' } } });
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
        ...answer.headers,
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    answer: (...answers) => {
      queue = answers;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `webhookSecret: null` configures none. */
export function stripeConfig(port: number, webhookSecret: string | null = 'whsec_test_secret') {
  return {
    stripeSecretKey: 'sk_test_fake_key_for_tests',
    stripePublishableKey: 'pk_test_fake_publishable',
    stripeWebhookSecret: webhookSecret ?? undefined,
    stripeApi: { host: '127.0.0.1', port, protocol: 'http' as const },
    sandboxBankSettleMs: 15_000,
  };
}
