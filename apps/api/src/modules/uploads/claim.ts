import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/**
 * Takes the member's finished uploads out of the uploads table inside the transaction that
 * writes the horse's file rows naming their files: both happen or neither. A row already taken
 * (a second save of the same upload, racing or later) or swept meanwhile refuses the whole save.
 */
export async function claimUploads(tx: Tx, ownerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const claimed = await tx
    .delete(uploads)
    .where(
      and(inArray(uploads.id, ids), eq(uploads.ownerId, ownerId), isNotNull(uploads.storageKey)),
    )
    .returning({ id: uploads.id });
  if (claimed.length !== new Set(ids).size) {
    throw new HttpError(409, UPLOAD_MESSAGES.alreadyUsed);
  }
}
