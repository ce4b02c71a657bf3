import underPressure from '@fastify/under-pressure';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Load shedding (docs/operations.md "Overload"): once the server is saturated a new API request
 * is answered at once with 503 and `Retry-After` instead of waiting its turn behind everybody
 * else for many seconds. The health check and the web files are always answered.
 *
 * What is checked, for each new API request (`overloaded` below):
 * - how long the event loop has already been busy in this turn before reaching the request. A
 *   turn answers every request whose data has arrived before the loop looks at its timers again
 *   (on the embedded database each request runs to its end within it), so with 2,000
 *   connections one turn held 2,000 requests and the last waited for all the others, while a
 *   lag sampled between turns only saw it afterwards and then refused a whole turn at once;
 * - the mean event-loop delay and the heap in use, sampled by `@fastify/under-pressure`;
 * - the API requests already being answered, against a limit that follows how fast they are
 *   answered (the wait of an admitted one stays bounded);
 * - the PostgreSQL pool's queue.
 * A request from a connection is decided before Fastify sees it; connections are accepted on
 * several sockets (listen.ts).
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
  /**
   * API requests being answered at once, beyond which new ones are refused. Below it, no more
   * than were answered in the last maxLagMs (at least MIN_IN_FLIGHT) once the oldest of them has
   * waited a quarter of maxLagMs or BURST_IN_FLIGHT are in flight.
   */
  maxInFlight: number;
  /** Heap in use, in bytes, from which new requests are refused (memory stays bounded). */
  maxHeapBytes: number;
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds: number;
}

/** How often under-pressure samples the event loop and the heap: short, so shedding starts early. */
const SAMPLE_MS = 100;
/**
 * Admitted requests allowed in flight however slowly they are answered: a server that answered
 * nothing lately admits this many (a page's requests at once, the PostgreSQL pool's 10
 * connections) and learns its rate from them.
 */
const MIN_IN_FLIGHT = 10;
/**
 * Admitted at once whatever was answered lately, while none of them waits yet: a burst at a
 * server that keeps up (a page's requests, a few people at once) is answered in milliseconds.
 * Not more: the first moment of 2,000 connections looks the same, and on PostgreSQL the 110
 * admitted up to the pool queue's limit waited past 2 s (measured with `npm run bench:overload`).
 */
const BURST_IN_FLIGHT = 32;
/** Answered under any load: the orchestrator's health check. */
const ALWAYS_ANSWERED = new Set(['/api/health']);

export const OVERLOADED_MESSAGE = 'The server is busy right now: please try again in a moment.';
const REFUSAL_BODY = JSON.stringify({ success: false, error: OVERLOADED_MESSAGE });

/** Requests shedding applies to: the API's, except the health check. */
function sheddableUrl(url: string): boolean {
  return url.startsWith('/api/') && !ALWAYS_ANSWERED.has(url.split('?', 1)[0]!);
}

/** A body past this many bytes is an upload, paced by the client (below). */
const LARGE_BODY_BYTES = 64 * 1024;
const largeBody = (request: IncomingMessage) => {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > LARGE_BODY_BYTES || request.headers['transfer-encoding'] !== undefined;
};

/** Marks a request decided (and admitted) on the server's 'request' event. */
const CHECKED = Symbol('load-shedding checked');
type Checked = IncomingMessage & { [CHECKED]?: true };

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
  // as little as it can.
  const refuseRaw = (response: ServerResponse) => {
    response.writeHead(503, headers);
    response.end(REFUSAL_BODY);
  };

  // The delay sampled while the server was starting (migrations, demo data: seconds of work
  // on the loop) is its start, not a backlog: ignored until two samples after it is ready, or
  // the first requests after start would be refused.
  let lagCountsFrom = Infinity;
  app.addHook('onReady', async () => {
    lagCountsFrom = performance.now() + 2 * SAMPLE_MS;
  });
  // under-pressure samples the event-loop delay and the heap every SAMPLE_MS; the limits are
  // checked here, before Fastify sees the request (below).
  await app.register(underPressure, { sampleInterval: SAMPLE_MS });

  // How many may be in flight follows how fast they are answered (Little's law: the wait of the
  // last one admitted is about in-flight / answers per second): at most as many as were answered
  // in the last maxLagMs, never fewer than MIN_IN_FLIGHT, never more than maxInFlight. A fixed
  // 100 let admitted requests queue for the PostgreSQL pool for up to 10 s when the machine
  // was busy (measured: 20 answers a second, 100 in flight, the answers over 2 s were the 2xx
  // ones). Below BURST_IN_FLIGHT that limit holds only while the requests in flight are waiting
  // (the oldest admitted for a quarter of maxLagMs): refusing a burst the server keeps up with
  // was a 503 for nothing. The age alone would not do: a long upload or export in flight is no
  // backlog, and it would have closed the API while it ran.
  const admitted = new Map<ServerResponse, number>();
  const answered = new AnsweredRate(options.maxLagMs);
  const backlogMs = options.maxLagMs / 4;
  const inFlightLimit = (now: number) =>
    Math.min(options.maxInFlight, Math.max(MIN_IN_FLIGHT, answered.inLast(now)));
  /** Whether the oldest request in flight has waited long enough to call it a backlog. */
  const waiting = (now: number) => {
    const oldest = admitted.values().next().value;
    return oldest !== undefined && now - oldest >= backlogMs;
  };
  const tooManyInFlight = (now: number) =>
    admitted.size >= options.maxInFlight ||
    (admitted.size >= inFlightLimit(now) && (admitted.size >= BURST_IN_FLIGHT || waiting(now)));

  // The turn's start: set by its first request, cleared once the loop moves on (setImmediate
  // runs right after the turn's I/O callbacks), so an idle server keeps no timer running.
  let turnStart: number | undefined;
  const endTurn = () => (turnStart = undefined);
  const busyThisTurn = (now: number) => {
    if (turnStart !== undefined) return now - turnStart;
    turnStart = now;
    setImmediate(endTurn);
    return 0;
  };

  /**
   * Whether to refuse a new API request now. `waited`: it was read from a connection, so it
   * waited for the loop; one made in-process (`app.inject`, each after the last in a chain of
   * promises) did not, and such a chain never lets a turn end nor the sampler clear a stale
   * delay (API tests met 503s after one slow test).
   */
  const overloaded = (waited: boolean): boolean => {
    const now = performance.now();
    const { eventLoopDelay, heapUsed } = app.memoryUsage();
    if (heapUsed > options.maxHeapBytes) return true;
    if ((options.queueLength?.() ?? 0) >= options.maxQueue) return true;
    // In-process requests never waited for a turn nor a connection: only the hard cap.
    if (!waited) return admitted.size >= options.maxInFlight;
    if (tooManyInFlight(now)) return true;
    // A sample with no delay measured in it (the process not scheduled for the whole 100 ms on
    // a busy machine) comes as Infinity: that is no measurement, and it refused requests at any
    // limit (measured: 10 connections, OVERLOAD_MAX_LAG_MS=60000); a long turn is caught by
    // busyThisTurn.
    const lagging =
      now >= lagCountsFrom && Number.isFinite(eventLoopDelay) && eventLoopDelay > options.maxLagMs;
    return lagging || busyThisTurn(now) >= options.maxLagMs;
  };

  const admit = (request: IncomingMessage, response: ServerResponse) => {
    // A request whose body is large (an upload: tus's PATCH, a registration with its files) is
    // waiting for its client's bytes, at the client's pace, not for the server: not counted,
    // or a few slow uploads would hold the limit and close the API to everybody else.
    if (largeBody(request)) return;
    // A Map keeps its order: the first entry is the oldest in flight.
    admitted.set(response, performance.now());
    // 'finish' when the answer is handed to the socket; 'close' when the client went away
    // first. 'close' alone came late on kept-alive connections (measured: 10 connections held
    // the count at 100 and were refused), so whichever comes first releases, once.
    const release = () => {
      if (admitted.delete(response)) answered.add(performance.now());
    };
    response.once('finish', release);
    response.once('close', release);
  };

  // Requests from connections are decided on the HTTP server's 'request' event, before Fastify
  // routes them, makes their request id, logger, request and reply: a refusal there costs about
  // half as much (measured with autocannon: 47 against 66 us a request, client included), and
  // under 2,000 connections the loop's turn is mostly refusals.
  const [fastifyHandler, ...others] = app.server.listeners('request');
  if (!fastifyHandler || others.length > 0)
    throw new Error("expected Fastify's one request listener");
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (sheddableUrl(request.url ?? '/')) {
      if (overloaded(true)) return refuseRaw(response);
      admit(request, response);
      (request as Checked)[CHECKED] = true;
    }
    (fastifyHandler as (req: IncomingMessage, res: ServerResponse) => void)(request, response);
  });
  // Requests made in-process (`app.inject`) never reach the server's 'request' event: decided
  // here. A callback hook: a refusal is sent without calling done, so nothing else runs for it.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.raw as Checked)[CHECKED] || !sheddableUrl(request.url)) return done();
    if (overloaded(fromSocket(request))) {
      reply.hijack();
      refuseRaw(reply.raw);
      return;
    }
    admit(request.raw, reply.raw);
    done();
  });

  // Every 503 says when to come back, not only the shed ones: a request that waited past the
  // pool's 5 s for a connection is answered 503 by the error handler (measured under 2,000
  // connections on PostgreSQL).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(options.retryAfterSeconds));
    }
    return payload;
  });
}

/** Answers counted over a sliding window, in tenths of it: how many came in the last window. */
export class AnsweredRate {
  private readonly slotMs: number;
  private readonly counts = new Array<number>(10).fill(0);
  private slot = 0;

  constructor(windowMs: number) {
    this.slotMs = Math.max(1, windowMs / 10);
  }

  /** Clears the tenths that have passed since the last call: they counted older answers. */
  private advance(now: number): void {
    const slot = Math.floor(now / this.slotMs);
    for (let s = Math.max(this.slot + 1, slot - 9); s <= slot; s += 1) this.counts[s % 10] = 0;
    this.slot = Math.max(this.slot, slot);
  }

  add(now: number): void {
    this.advance(now);
    const i = this.slot % 10;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
  }

  inLast(now: number): number {
    this.advance(now);
    return this.counts.reduce((sum, count) => sum + count, 0);
  }
}
