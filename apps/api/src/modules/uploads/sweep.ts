import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import type { FileStorage } from '../files/storage.js';
import type { TusStore } from './tus-store.js';

/**
 * Removes resumable uploads no save attached and nobody touched for `expiryMs`: their rows,
 * their unfinished bytes and their checked files. Every request that writes bytes, on any
 * instance, moves the row's `touched_at` (routes.ts), and the row is deleted only while it is
 * still that old (one statement), so a sweep never takes an upload that another instance is
 * receiving. Returns how many uploads were removed.
 */
export async function sweepExpiredUploads(
  db: Db,
  storage: FileStorage,
  tus: TusStore,
  expiryMs: number,
  now = Date.now(),
): Promise<number> {
  const expired = await db
    .delete(uploads)
    .where(lt(uploads.touchedAt, new Date(now - expiryMs)))
    .returning({ id: uploads.id, storageKey: uploads.storageKey });
  for (const row of expired) {
    await tus.discard(row.id).catch(() => undefined);
    if (row.storageKey) await storage.remove(row.storageKey);
  }
  return expired.length;
}
