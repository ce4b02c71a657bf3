import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Load shedding (docs/operations.md "Overload"): once the server is saturated a new API request
 * is answered at once with 503 and `Retry-After` instead of waiting its turn behind everybody
 * else for many seconds. The health check and the web files are always answered.
 *
 * Sustained event-loop delay and heap use come from `@fastify/under-pressure`. The signals it
 * cannot see are ours:
 * - how long the event loop has already been busy in this turn before reaching the request. A
 *   turn answers every request whose data has arrived before the loop looks at its timers again
 *   (on the embedded database each request runs to its end within it), so with 2,000
 *   connections one turn held 2,000 requests and the last waited for all the others, while a
 *   lag sampled between turns only saw it afterwards and then refused a whole turn at once;
 * - the API requests already being answered (the wait of an admitted one stays bounded);
 * - the PostgreSQL pool's queue.
 * Measured by `npm run bench:overload` (docs/benchmarks.md "Overload").
 */
export interface LoadSheddingOptions {
  /**
   * Event-loop delay, in ms, from which new requests are refused: the mean over the last 100 ms,
   * and the time the loop has already spent in the current turn before reaching the request.
   */
  maxLagMs: number;
  /** Queries waiting for a pool connection from which new requests are refused. */
  maxQueue: number;
  /** The pool's queue length now (PostgreSQL); absent on the embedded database. */
  queueLength?: () => number;
  /** API requests being answered at once, beyond which new ones are refused. */
  maxInFlight: number;
  /** Heap in use, in bytes, from which new requests are refused (memory stays bounded). */
  maxHeapBytes: number;
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds: number;
}

/** How often under-pressure samples the event loop and the heap: short, so shedding starts early. */
const SAMPLE_MS = 100;
/** Answered under any load: the orchestrator's health check. */
const ALWAYS_ANSWERED = new Set(['/api/health']);

export const OVERLOADED_MESSAGE = 'The server is busy right now: please try again in a moment.';
const REFUSAL_BODY = JSON.stringify({ success: false, error: OVERLOADED_MESSAGE });

/** Requests shedding applies to: the API's, except the health check. */
function sheddable(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && !ALWAYS_ANSWERED.has(url.split('?', 1)[0]!);
}

/** Read from a connection, as opposed to made in-process by `app.inject`. */
const fromSocket = (request: FastifyRequest) => request.raw.socket instanceof Socket;

export async function registerLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions,
): Promise<void> {
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(REFUSAL_BODY)),
    'retry-after': String(options.retryAfterSeconds),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  // Written straight to the socket: a refusal skips serialisation and every onSend hook
  // (compression, security headers), so refusing 2,000 connections' requests costs the loop
  // as little as it can. Hijacked, nothing else runs for the request.
  const refuse = (reply: FastifyReply) => {
    reply.hijack();
    reply.raw.writeHead(503, headers);
    reply.raw.end(REFUSAL_BODY);
  };
  // The delay sampled while the server was starting (migrations, demo data: seconds of work
  // on the loop) is its start, not a backlog: ignored until two samples after it is ready, or
  // the first requests after start would be refused.
  let lagCountsFrom = Infinity;
  app.addHook('onReady', async () => {
    lagCountsFrom = performance.now() + 2 * SAMPLE_MS;
  });
  // Called only while a limit is exceeded; returning nothing lets under-pressure go on, and
  // Fastify stops at a hijacked reply.
  // A sample with no delay measured in it (the process not scheduled for the whole 100 ms on a
  // busy machine) comes as Infinity: that is no measurement, and it refused requests at any
  // limit (measured: 10 connections, OVERLOAD_MAX_LAG_MS=60000); a long turn is the hook's.
  const pressureHandler = (
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    value: number | undefined,
  ) => {
    if (!sheddable(request)) return;
    if (type === TYPE_EVENT_LOOP_DELAY) {
      if (performance.now() < lagCountsFrom || !Number.isFinite(value)) return;
      // A request made in-process (`app.inject`) does not wait for the loop; and a chain of
      // them gives the sampler no turn to clear a stale value (API tests met 503s after one
      // slow test).
      if (!fromSocket(request)) return;
    }
    refuse(reply);
  };

  // Every 503 says when to come back, not only the shed ones: a request that waited past the
  // pool's 5 s for a connection is answered 503 by the error handler (measured under 2,000
  // connections on PostgreSQL).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(options.retryAfterSeconds));
    }
    return payload;
  });

  await app.register(underPressure, {
    sampleInterval: SAMPLE_MS,
    maxEventLoopDelay: options.maxLagMs,
    maxHeapUsedBytes: options.maxHeapBytes,
    pressureHandler,
  });

  // After under-pressure's hook, so only admitted requests are counted. A callback hook: a
  // refusal is sent without calling done, so nothing else runs for it.
  let inFlight = 0;
  // The turn's start: set by its first request, cleared once the loop moves on (setImmediate
  // runs right after the turn's I/O callbacks), so an idle server keeps no timer running. Only
  // requests read from a socket waited since the turn began: one made in-process
  // (`app.inject`, each after the last in a chain of promises) did not wait at all, and such a
  // chain never lets the turn end.
  let turnStart: number | undefined;
  const endTurn = () => (turnStart = undefined);
  const busyThisTurn = () => {
    const now = performance.now();
    if (turnStart !== undefined) return now - turnStart;
    turnStart = now;
    setImmediate(endTurn);
    return 0;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (!sheddable(request)) return done();
    const queued = options.queueLength?.() ?? 0;
    if (
      inFlight >= options.maxInFlight ||
      queued >= options.maxQueue ||
      (fromSocket(request) && busyThisTurn() >= options.maxLagMs)
    ) {
      refuse(reply);
      return;
    }
    inFlight += 1;
    // 'finish' when the answer is handed to the socket; 'close' when the client went away
    // first. 'close' alone came late on kept-alive connections (measured: 10 connections held
    // the count at 100 and were refused), so whichever comes first releases, once.
    let counted = true;
    const release = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    done();
  });
}
