import type { ChangeFeed, ChangeTopic } from './change-feed.js';

export interface Loaded<T> {
  value: T;
  /** Epoch ms after which the value must not be served even if nothing changed. */
  validUntil?: number;
}

interface Entry<T> {
  value: T;
  generation: number;
  until: number;
}

/**
 * Short-lived copies of reads, keyed by the caller, dropped as soon as the change feed says
 * their topic changed. A value loaded while a change happened is returned but not kept, so a
 * read that raced a write can never be served afterwards. `undefined` results are not kept.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly topic: ChangeTopic,
    private readonly options: { ttlMs: number; maxEntries: number },
  ) {}

  /** The copy under `key` if it may be served now; synchronous, for the hot path. */
  peek(key: string): T | undefined {
    if (!this.feed.live || this.options.ttlMs <= 0) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.generation === this.feed.generation(this.topic) && hit.until > Date.now()) {
      return hit.value;
    }
    this.entries.delete(key);
    return undefined;
  }

  /** The copy under `key`, else what `load` gives (kept when it may be). */
  async get(key: string, load: () => Promise<Loaded<T> | undefined>): Promise<T | undefined> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const usable = this.feed.live && this.options.ttlMs > 0;
    const generation = this.feed.generation(this.topic);
    const now = Date.now();
    const loaded = await load();
    if (!loaded) return undefined;
    if (usable && this.feed.live && this.feed.generation(this.topic) === generation) {
      const until = Math.min(now + this.options.ttlMs, loaded.validUntil ?? Infinity);
      this.remember(key, { value: loaded.value, generation, until });
    }
    return loaded.value;
  }

  private remember(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Maps keep insertion order: the first key is the oldest copy.
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
