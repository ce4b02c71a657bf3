import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads, type UploadRow } from '../../db/schema.js';

/*
 * The `uploads` rows behind the tus endpoint (routes.ts): one per upload, naming its owner and
 * form field, until a save claims it or the sweep (sweep.ts) removes it.
 */

/** How many uploads a member holds now, finished or not. */
export async function openUploadCount(db: Db, ownerId: string): Promise<number> {
  const [open] = await db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, ownerId));
  return open?.n ?? 0;
}

export async function recordUpload(
  db: Db,
  upload: { id: string; ownerId: string; field: string; fileName: string; size: number },
): Promise<void> {
  await db.insert(uploads).values(upload);
}

/** Marks an upload as still in use, so the sweep leaves it. */
export async function touchUpload(db: Db, id: string, at: Date): Promise<void> {
  await db.update(uploads).set({ touchedAt: at }).where(eq(uploads.id, id));
}

/** The member's own upload (touched when `touch`), or undefined for anyone else's. */
export async function ownUpload(
  db: Db,
  id: string,
  ownerId: string,
  touch: boolean,
): Promise<UploadRow | undefined> {
  const own = and(eq(uploads.id, id), eq(uploads.ownerId, ownerId));
  const [row] = touch
    ? await db.update(uploads).set({ touchedAt: new Date() }).where(own).returning()
    : await db.select().from(uploads).where(own);
  return row;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}
