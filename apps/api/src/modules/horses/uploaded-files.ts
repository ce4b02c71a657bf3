import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { UPLOAD_IDS_PART, UPLOAD_MESSAGES, uploadIdsSchema } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { FORM_MESSAGES, filePart } from './form-fields.js';
import type { ReceivedForm } from './multipart.js';

/*
 * The horse form's side of resumable uploads (modules/uploads receives and checks the bytes,
 * using this module's field list; here a save takes the finished uploads as its files).
 */

/**
 * Turns the `uploads` value of a register or edit request (upload ids, docs/api.md) into files
 * of the form, as if their bytes had come with it. Only the member's own finished uploads are
 * taken; the field each one was uploaded for decides where it goes, never the request. Problems
 * are reported like a multipart part's: by field, with the form's other problems.
 */
export async function addUploadsToForm(
  db: Executor,
  ownerId: string,
  form: ReceivedForm,
): Promise<void> {
  const raw = form.values.get(UPLOAD_IDS_PART);
  form.values.delete(UPLOAD_IDS_PART);
  if (raw === undefined) return;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      form.problems[UPLOAD_IDS_PART] = FORM_MESSAGES.invalidJson;
      return;
    }
  }
  const parsed = uploadIdsSchema.safeParse(value);
  if (!parsed.success) {
    form.problems[UPLOAD_IDS_PART] = UPLOAD_MESSAGES.notAvailable;
    return;
  }
  const ids = [...new Set(parsed.data)];
  if (ids.length === 0) return;
  const rows = await db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, ownerId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    const spec = row && filePart(row.field);
    // Someone else's upload is "not available" exactly like a missing one.
    if (!row || !spec) {
      form.problems[UPLOAD_IDS_PART] = UPLOAD_MESSAGES.notAvailable;
      continue;
    }
    if (!row.storageKey || !row.mime || !row.sha256) {
      form.problems[spec.path] = UPLOAD_MESSAGES.notAvailable;
      continue;
    }
    if (!spec.multiple && form.files.some((file) => file.spec.path === spec.path)) {
      form.problems[spec.path] = FORM_MESSAGES.oneFileOnly;
      continue;
    }
    form.files.push({
      spec,
      name: row.fileName,
      size: row.size,
      staged: { key: row.storageKey, size: row.size, sha256: row.sha256 },
      upload: { id: row.id, mime: row.mime },
    });
  }
}

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
