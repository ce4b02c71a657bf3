import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horseDrafts, uploads } from '../../db/schema.js';
import { removeExpiredDrafts } from '../drafts/index.js';
import type { FileStorage } from '../files/index.js';
import type { TusStore } from './tus-store.js';

/**
 * Removes resumable uploads no save attached and nobody touched for `expiryMs`: their rows,
 * their unfinished bytes and their checked files. Every request that writes bytes, on any
 * instance, moves the row's `touched_at` (routes.ts), and the row is deleted only while it is
 * still that old (one statement), so a sweep never takes an upload that another instance is
 * receiving. An upload one of its owner's drafts names is kept while the draft lives (a draft
 * is continued days later, docs/decisions/0072-drafts-on-the-server.md); drafts unsaved for
 * DRAFT_EXPIRY_DAYS are removed first, so their uploads go in the same sweep. Returns how many
 * uploads were removed.
 */
export async function sweepExpiredUploads(
  db: Db,
  storage: FileStorage,
  tus: TusStore,
  expiryMs: number,
  now = Date.now(),
): Promise<number> {
  await removeExpiredDrafts(db, undefined, now);
  const heldByDraft = sql`exists (
    select 1 from ${horseDrafts}, jsonb_array_elements(${horseDrafts.uploads}) as held(ref)
    where ${horseDrafts.ownerId} = ${uploads.ownerId}
      and held.ref ->> 'id' = ${uploads.id}::text
  )`;
  const expired = await db
    .delete(uploads)
    .where(and(lt(uploads.touchedAt, new Date(now - expiryMs)), sql`not ${heldByDraft}`))
    .returning({ id: uploads.id, storageKey: uploads.storageKey });
  for (const row of expired) {
    await tus.discard(row.id).catch(() => undefined);
    if (row.storageKey) await storage.remove(row.storageKey);
  }
  return expired.length;
}
