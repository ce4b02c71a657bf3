import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * Holds a transaction-scoped advisory lock named by `key` until `tx` ends. Every server on the
 * same database waits on the same lock, so a check-then-record step run under it cannot be
 * interleaved by a concurrent request
 * (docs/decisions/0044-limits-checked-under-an-advisory-lock.md). On the embedded database
 * transactions already run one at a time; the lock costs nothing there.
 */
export async function lockFor(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
