import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import type { ChangeFeed, ChangeTopic } from './change-feed.js';
import { ReadCache } from './read-cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Distinct pages of lists and searches kept per server (~14 KB each); the oldest goes first. */
const MAX_ANSWERS = 2_000;

/**
 * Whole JSON answers of a hot read route, kept as the bytes that go on the wire: a repeat of
 * the same request costs neither queries, serialisation nor encoding (a list page is ~14 KB).
 * Each copy is shaped by the route's response schema once, exactly as Fastify's serializer
 * would have.
 */
export class JsonAnswers {
  private readonly copies: ReadCache<Buffer>;

  constructor(
    private readonly feed: ChangeFeed,
    topic: ChangeTopic,
    ttlMs: number,
  ) {
    this.copies = new ReadCache(feed, topic, { ttlMs, maxEntries: MAX_ANSWERS });
  }

  /** Answers the copy under `key` when one may be served, else what `load` gives (kept). */
  send(
    reply: FastifyReply,
    key: string,
    schema: ZodType,
    load: () => Promise<unknown>,
  ): FastifyReply | Promise<FastifyReply> {
    // A repeat is answered at once; only a miss waits for the database.
    const copy = this.copies.peek(key);
    if (!copy) return this.load(reply, key, schema, load);
    // Unless another server's write may not have been heard yet (ChangeFeed.heardFor).
    const heard = this.feed.heardFor(reply.request);
    if (!heard) return reply.type(JSON_TYPE).send(copy);
    return heard.then(() => this.load(reply, key, schema, load));
  }

  private load(
    reply: FastifyReply,
    key: string,
    schema: ZodType,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    return this.copies
      .get(key, async () => ({
        value: Buffer.from(JSON.stringify(schema.parse(await load()))),
      }))
      .then((body) => reply.type(JSON_TYPE).send(body));
  }
}
