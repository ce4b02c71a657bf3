import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { until } from '../../test/eventually.js';
import { createTestDatabase } from '../../test/harness.js';
import { ChangeFeed } from './change-feed.js';
import { ReadCache } from './read-cache.js';

/** The cache's own rules, on a feed listening to the real test database. */
let database: Database;
let drop: () => Promise<void>;
let feed: ChangeFeed;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  feed = new ChangeFeed();
  await feed.start(database, { debug: () => undefined, warn: () => undefined });
});

afterAll(async () => {
  await feed?.stop();
  await drop?.();
});

/** A loader that counts its calls and returns what it is told. */
function source<T>(values: T[]) {
  let calls = 0;
  return {
    load: async () => ({ value: values[Math.min(calls++, values.length - 1)] as T }),
    get calls() {
      return calls;
    },
  };
}

describe('ReadCache', () => {
  it('serves a copy until its topic changes, then loads again', async () => {
    const cache = new ReadCache<string>(feed, 'horses', { ttlMs: 60_000, maxEntries: 10 });
    const counted = source(['first', 'second']);
    expect(await cache.get('k', counted.load)).toBe('first');
    expect(await cache.get('k', counted.load)).toBe('first');
    expect(counted.calls).toBe(1);

    feed.changed('sessions');
    expect(await cache.get('k', counted.load)).toBe('first');
    feed.changed('horses');
    expect(await cache.get('k', counted.load)).toBe('second');
    expect(counted.calls).toBe(2);
  });

  it('keeps nothing loaded while a change happened, so a raced read is never served later', async () => {
    const cache = new ReadCache<string>(feed, 'horses', { ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const racing = async () => {
      calls += 1;
      // The data changes (and is announced) while this read is in flight.
      if (calls === 1) feed.changed('horses');
      return { value: `read ${calls}` };
    };
    expect(await cache.get('k', racing)).toBe('read 1');
    expect(await cache.get('k', racing)).toBe('read 2');
    expect(await cache.get('k', racing)).toBe('read 2');
  });

  it('honours the time to live, a value’s own end, and the size bound', async () => {
    const short = new ReadCache<string>(feed, 'horses', { ttlMs: 30, maxEntries: 10 });
    const counted = source(['a', 'b']);
    await short.get('k', counted.load);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await short.get('k', counted.load)).toBe('b');

    const cache = new ReadCache<string>(feed, 'horses', { ttlMs: 60_000, maxEntries: 2 });
    let ends = 0;
    const endingSoon = async () => ({ value: `v${++ends}`, validUntil: Date.now() + 30 });
    await cache.get('ending', endingSoon);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('ending', endingSoon)).toBe('v2');

    const one = source(['1', '1 again']);
    await cache.get('one', one.load);
    await cache.get('two', async () => ({ value: '2' }));
    await cache.get('three', async () => ({ value: '3' }));
    // Two entries at most: 'one' was the oldest and is gone.
    expect(await cache.get('one', one.load)).toBe('1 again');
  });

  it('keeps nothing when told 0 seconds, and does not keep missing values', async () => {
    const off = new ReadCache<string>(feed, 'horses', { ttlMs: 0, maxEntries: 10 });
    const counted = source(['x', 'y']);
    await off.get('k', counted.load);
    expect(await off.get('k', counted.load)).toBe('y');

    const cache = new ReadCache<string>(feed, 'horses', { ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const missing = async () => {
      calls += 1;
      return undefined;
    };
    expect(await cache.get('k', missing)).toBeUndefined();
    await cache.get('k', missing);
    expect(calls).toBe(2);
  });

  it('hears writes made through any connection, by the database’s own notification', async () => {
    const before = feed.generation('horses');
    // Straight SQL, as another server or a background job would write.
    await database.db.execute(`update horses set updated_at = now() where false`);
    await until(() => feed.generation('horses') > before, 'the horses notification arrived');
    const sessions = feed.generation('sessions');
    await database.db.execute(`update sessions set revoked_at = revoked_at where false`);
    await until(() => feed.generation('sessions') > sessions, 'the sessions notification arrived');
  });

  it('has heard, once heardAll answers, every write committed before it was called', async () => {
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
