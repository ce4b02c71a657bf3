import type pg from 'pg';

/** What a subscriber hears on a NOTIFY channel, and when it may have missed something. */
export interface ChannelListener {
  message(payload: string): void;
  /** Listening (again): from here on, no notification is missed. */
  up(): void;
  /** The connection is gone: notifications may be lost until the next `up`. */
  down(): void;
}

export interface Subscription {
  close(): Promise<void>;
  /**
   * A query on the listening connection. PostgreSQL sends a listener the notifications of every
   * commit that ended before a query reaches it ahead of that query's answer, so when this
   * resolves, every change committed anywhere before the call has been heard. Absent where
   * notifications are delivered at commit (the embedded database).
   */
  roundTrip?(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one could be handed to a query),
 * reconnecting with backoff after the server or the network goes away.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<Subscription> {
  // Only instances on PostgreSQL listen this way
  // (docs/decisions/0054-server-bundled-with-esbuild.md).
  const { default: pgDriver } = await import('pg');
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (dead: pg.Client) => {
    if (client !== dead) return;
    client = undefined;
    listener.down();
    dead.end().catch(() => undefined);
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const next = new pgDriver.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      // A connection that silently died (no reset from a lost network) is noticed within
      // a minute or so; until then READ_CACHE_SECONDS still bounds how old a copy can be.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (note) => {
      if (note.channel === channel) listener.message(note.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pgDriver.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next || closed) return;
    retryMs = RETRY_FIRST_MS;
    listener.up();
  };

  await connect();
  return {
    roundTrip: async () => {
      // Without a connection nothing is heard: the feed is down and no copy is served anyway.
      await client?.query('SELECT 1').catch(() => undefined);
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
