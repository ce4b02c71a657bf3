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
