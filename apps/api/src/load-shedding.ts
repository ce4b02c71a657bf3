import type { FastifyInstance } from 'fastify';

/**
 * Load shedding (docs/operations.md "Overload"): when the event loop lags or the database
 * pool's queue is long, a new API request is answered at once with 503 and `Retry-After`
 * instead of waiting its turn behind everybody else for many seconds. The health check and
 * the web files are always answered. Measured by `npm run bench:scale` (docs/benchmarks.md).
 */
export interface LoadSheddingOptions {
  /** Event-loop lag, in ms, from which new requests are refused. */
  maxLagMs: number;
  /** Queries waiting for a pool connection from which new requests are refused. */
  maxQueue: number;
  /** The pool's queue length now (PostgreSQL); absent on the embedded database. */
  queueLength?: () => number;
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds: number;
}

const SAMPLE_MS = 50;
/** Answered under any load: the orchestrator's health check. */
const ALWAYS_ANSWERED = new Set(['/api/health']);

export const OVERLOADED_MESSAGE = 'The server is busy right now: please try again in a moment.';

export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  // The lag of a timer that should fire every SAMPLE_MS: how long a new request would wait for
  // the event loop. Kept as the worst of the last sample and a decayed earlier value, so one
  // quick sample during a burst does not reopen the gate.
  let lagMs = 0;
  let expected = performance.now() + SAMPLE_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(now - expected, lagMs / 2);
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (ALWAYS_ANSWERED.has(request.url.split('?', 1)[0]!)) return;
    const queued = options.queueLength?.() ?? 0;
    if (lagMs < options.maxLagMs && queued < options.maxQueue) return;
    reply
      .code(503)
      .header('retry-after', String(options.retryAfterSeconds))
      .header('connection', 'close')
      .send({ success: false, error: OVERLOADED_MESSAGE });
    return reply;
  });
}
