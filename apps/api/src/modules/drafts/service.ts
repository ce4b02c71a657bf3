import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  DRAFT_EXPIRY_DAYS,
  DRAFT_MESSAGES,
  DRAFTS_PER_MEMBER_MAX,
  draftSummaryOf,
  type HorseDraft,
  type HorseDraftSummary,
  type UploadReference,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { horseDrafts, uploads, users, type HorseDraftRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/**
 * Drafts of the Register Horse form (docs/api.md "Drafts",
 * docs/decisions/0072-drafts-on-the-server.md). Every read and write names the owner: another
 * member's draft is "not found".
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new HttpError(404, DRAFT_MESSAGES.notFound);

function summaryOf(row: HorseDraftRow): HorseDraftSummary {
  return {
    id: row.id,
    ...draftSummaryOf(row.values),
    fileCount: row.uploads.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function draftOf(row: HorseDraftRow): HorseDraft {
  return { ...summaryOf(row), values: row.values, uploads: row.uploads };
}

export interface DraftInput {
  values: Record<string, unknown>;
  uploads: UploadReference[];
}

/**
 * Creates or replaces the member's draft `id` (the id the form made when it opened). A new
 * draft beyond DRAFTS_PER_MEMBER_MAX is refused; the member's row is locked for the count so
 * two tabs cannot both slip past it.
 */
export async function saveDraft(
  db: Db,
  ownerId: string,
  id: string,
  input: DraftInput,
): Promise<HorseDraftSummary> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const [existing] = await tx
      .select({ ownerId: horseDrafts.ownerId })
      .from(horseDrafts)
      .where(eq(horseDrafts.id, id));
    if (existing && existing.ownerId !== ownerId) throw notFound();
    if (!existing) {
      const [others] = await tx
        .select({ n: count() })
        .from(horseDrafts)
        .where(and(eq(horseDrafts.ownerId, ownerId), ne(horseDrafts.id, id)));
      if ((others?.n ?? 0) >= DRAFTS_PER_MEMBER_MAX)
        throw new HttpError(409, DRAFT_MESSAGES.tooMany);
    }
    const [row] = await tx
      .insert(horseDrafts)
      .values({ id, ownerId, values: input.values, uploads: input.uploads })
      .onConflictDoUpdate({
        target: horseDrafts.id,
        set: { values: input.values, uploads: input.uploads, updatedAt: sql`now()` },
        setWhere: eq(horseDrafts.ownerId, ownerId),
      })
      .returning();
    if (!row) throw notFound();
    await keepUploadsAlive(tx, ownerId, input.uploads);
    return summaryOf(row);
  });
}

/**
 * A draft's finished uploads count as in use while the member works on it: the save marks them
 * touched, so the sweep of never-attached uploads (modules/uploads) measures its expiry from
 * the member's last change. Only the member's own uploads are touched.
 */
async function keepUploadsAlive(tx: Executor, ownerId: string, refs: UploadReference[]) {
  const ids = [...new Set(refs.map((ref) => ref.id))];
  if (ids.length === 0) return;
  await tx
    .update(uploads)
    .set({ touchedAt: sql`now()` })
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.id, ids)));
}

/** The member's drafts, last saved first. */
export async function listDrafts(db: Db, ownerId: string): Promise<HorseDraftSummary[]> {
  const rows = await db
    .select()
    .from(horseDrafts)
    .where(eq(horseDrafts.ownerId, ownerId))
    .orderBy(desc(horseDrafts.updatedAt))
    .limit(DRAFTS_PER_MEMBER_MAX * 2);
  return rows.map(summaryOf);
}

export async function getDraft(db: Db, ownerId: string, id: string): Promise<HorseDraft> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select()
    .from(horseDrafts)
    .where(and(eq(horseDrafts.id, id), eq(horseDrafts.ownerId, ownerId)));
  if (!row) throw notFound();
  return draftOf(row);
}

export async function deleteDraft(db: Db, ownerId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  const removed = await db
    .delete(horseDrafts)
    .where(and(eq(horseDrafts.id, id), eq(horseDrafts.ownerId, ownerId)))
    .returning({ id: horseDrafts.id });
  if (removed.length === 0) throw notFound();
}

/**
 * Removes the draft a registration completes, inside the transaction that inserts the horse
 * (modules/horses/service.ts), so a saved horse never leaves its draft behind and a failed
 * save keeps it. Any id that is not the member's draft is ignored: the draft may have been
 * discarded on another device meanwhile.
 */
export async function removeCompletedDraft(
  tx: Executor,
  ownerId: string,
  draftId: unknown,
): Promise<void> {
  if (typeof draftId !== 'string' || !UUID.test(draftId)) return;
  await tx
    .delete(horseDrafts)
    .where(and(eq(horseDrafts.id, draftId), eq(horseDrafts.ownerId, ownerId)));
}

/** How long a draft lives unsaved: DRAFT_EXPIRY_DAYS (docs/operations.md "Drafts"). */
export const DRAFT_EXPIRY_MS = DRAFT_EXPIRY_DAYS * 24 * 60 * 60 * 1000;

/**
 * Removes the drafts nobody saved for `maxAgeMs` (run by the uploads sweep, modules/uploads/
 * sweep.ts, before it looks for expired uploads: the uploads such a draft held expire with it).
 * Returns how many were removed.
 */
export async function removeExpiredDrafts(
  db: Db,
  maxAgeMs = DRAFT_EXPIRY_MS,
  now = Date.now(),
): Promise<number> {
  const removed = await db
    .delete(horseDrafts)
    .where(lt(horseDrafts.updatedAt, new Date(now - maxAgeMs)))
    .returning({ id: horseDrafts.id });
  return removed.length;
}
