import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import type { ChannelListener } from '../../db/notifications.js';
import { ChangeFeed } from './change-feed.js';

const quiet = { debug: () => undefined, warn: () => undefined };

// heardAll against the real test database is in read-cache.test.ts; here, only its scheduling.
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
