import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { ChannelListener } from '../../db/notifications.js';
import { createTestDatabase } from '../../test/harness.js';
import { ChangeFeed } from './change-feed.js';

const quiet = { debug: () => undefined, warn: () => undefined };

describe('ChangeFeed.heardAll, on the test database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let feed: ChangeFeed;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    feed = new ChangeFeed();
    await feed.start(database, quiet);
  });

  afterAll(async () => {
    await feed?.stop();
    await drop?.();
  });

  it('has heard every write committed before it was called', async () => {
    // On PostgreSQL the notification reaches the listener a moment after the writer's commit;
    // asked at once, the counter would usually still be behind without the round trip.
    for (let round = 0; round < 20; round += 1) {
      const before = feed.generation('sessions');
      // Straight SQL through another connection, as another server would sign a member out.
      await database.db.execute(`update sessions set revoked_at = revoked_at where false`);
      await feed.heardAll();
      expect(feed.generation('sessions'), `round ${round}`).toBeGreaterThan(before);
    }
  });
});

describe('ChangeFeed.heardAll, its round trips', () => {
  /** A database whose listening connection answers round trips only when the test says so. */
  function heldRoundTrips() {
    const held: (() => void)[] = [];
    const database = {
      listen: async (_channel: string, listener: ChannelListener) => {
        listener.up();
        return {
          close: async () => undefined,
          roundTrip: () => new Promise<void>((resolve) => held.push(resolve)),
        };
      },
    } as unknown as Database;
    return { database, held };
  }

  it('shares a trip among callers, and one that came after a trip left waits for the next', async () => {
    const { database, held } = heldRoundTrips();
    const feed = new ChangeFeed();
    await feed.start(database, quiet);
    const order: string[] = [];
    const first = feed.heardAll()?.then(() => order.push('first'));
    const second = feed.heardAll()?.then(() => order.push('second'));
    const third = feed.heardAll()?.then(() => order.push('third'));
    expect(held).toHaveLength(1);

    held[0]?.();
    await first;
    // The second and third arrived while the first trip was out: they need a trip of their own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['first']);
    expect(held).toHaveLength(2);
    held[1]?.();
    await Promise.all([second, third]);
    expect(order).toEqual(['first', 'second', 'third']);
    // Nothing out: the next caller sends at once.
    void feed.heardAll();
    expect(held).toHaveLength(3);
  });
});
