import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Subscription } from '../../db/notifications.js';

/** What a cached copy depends on; the database triggers of migration 0006 name the same. */
export type ChangeTopic = 'horses' | 'sessions';
const TOPICS: readonly ChangeTopic[] = ['horses', 'sessions'];
const CHANNEL = 'registry_changes';

/**
 * A counter per topic that moves whenever the data behind it may have changed: on NOTIFY from
 * the database (any server's write, any background job), and at once when this server answers
 * a request that may have written (so a member sees their own change on the very next request).
 * A copy made under one count is never served under another. While notifications are not
 * guaranteed to arrive (connection to PostgreSQL lost), nothing may be served from a copy.
 */
export class ChangeFeed {
  private readonly counts = new Map<ChangeTopic, number>(TOPICS.map((t) => [t, 0]));
  private listening = false;
  private subscription: Subscription | undefined;
  /** The round trip on the wire, and the one queued to start when it ends. */
  private sent: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  /** Whether copies may be used: notifications are flowing. */
  get live(): boolean {
    return this.listening;
  }

  generation(topic: ChangeTopic): number {
    return this.counts.get(topic) ?? 0;
  }

  /** Something in `topic` (or, without one, anything) may have changed. */
  changed(topic?: ChangeTopic): void {
    for (const t of topic ? [topic] : TOPICS) this.counts.set(t, this.generation(t) + 1);
  }

  /**
   * Resolves once every change committed anywhere before this call has been heard, so a copy
   * still current afterwards may be served to a request that arrived before the call. Another
   * server's write is heard through the database's NOTIFY, a moment after its commit: without
   * this, a request that follows a sign-out on another server could be answered from a copy
   * (docs/decisions/0042-read-copies-dropped-by-database-notify.md). `undefined` when changes are
   * heard at commit (the embedded database belongs to this process alone). Concurrent callers share
   * round trips.
   */
  heardAll(): Promise<void> | undefined {
    const roundTrip = this.subscription?.roundTrip;
    if (!roundTrip) return undefined;
    const send = () => {
      const trip: Promise<void> = roundTrip().finally(() => {
        if (this.sent === trip) this.sent = undefined;
      });
      this.sent = trip;
      return trip;
    };
    if (!this.sent) return send();
    // The trip on the wire may have left before this call: the next one answers for it.
    this.queued ??= this.sent.then(() => {
      this.queued = undefined;
      return send();
    });
    return this.queued;
  }

  /** `heardAll`, once per request: the request's later copies need no round trip of their own. */
  heardFor(request: { changesHeard: boolean }): Promise<void> | undefined {
    if (request.changesHeard) return undefined;
    const heard = this.heardAll();
    if (!heard) return undefined;
    return heard.then(() => {
      request.changesHeard = true;
    });
  }

  async start(database: Database, log: Pick<FastifyBaseLogger, 'debug' | 'warn'>): Promise<void> {
    this.subscription = await database.listen(CHANNEL, {
      message: (payload) => {
        const topic = TOPICS.find((t) => t === payload);
        this.changed(topic);
      },
      up: () => {
        // Whatever was copied before may have missed a change while nobody listened.
        this.changed();
        this.listening = true;
        log.debug('change notifications flowing');
      },
      down: () => {
        this.listening = false;
        this.changed();
        log.warn('change notifications lost; cached reads are off until they return');
      },
    });
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.subscription?.close();
  }
}
