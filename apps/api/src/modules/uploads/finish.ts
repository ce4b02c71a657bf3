import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_MESSAGES, uploadFieldProblem } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { isOversized, type FileStorage } from '../files/index.js';
import { checkStoredFile, filePart } from '../horses/index.js';
import { refusal } from './failures.js';
import type { TusStore } from './tus-store.js';

export interface FinishDeps {
  db: Db;
  storage: FileStorage;
  tus: TusStore;
  log: FastifyBaseLogger;
}

/**
 * Runs when an upload's last byte arrived, before the finishing request is answered: the bytes
 * go through the same path as a multipart part (staged under a generated name with size limit
 * and hash, magic bytes against the extension, a .docx's zip limits), are committed to the file
 * store and recorded on the upload row. A file that fails is dropped with its row, and the
 * finishing request answers the reason (4xx), so the form shows it beside the field at once.
 * The tus copy of the bytes is removed either way: from now on the upload is its row.
 */
export async function finishUpload(deps: FinishDeps, id: string): Promise<void> {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, id));
  const spec = row && filePart(row.field);
  if (!row || !spec) {
    await deps.tus.discard(id).catch(() => undefined);
    throw refusal(404, UPLOAD_MESSAGES.notFound);
  }
  let stagedKey: string | undefined;
  try {
    const staged = await deps.storage.stage(await deps.tus.read(id), spec.maxBytes);
    if (isOversized(staged)) {
      const problem = uploadFieldProblem(row.field, { name: row.fileName, size: staged.size });
      throw refusal(413, problem ?? UPLOAD_MESSAGES.checkFailed, spec.path);
    }
    stagedKey = staged.key;
    const verdict = await checkStoredFile(
      deps.storage,
      spec,
      row.fileName,
      staged.key,
      staged.bytes,
    );
    if ('problem' in verdict) throw refusal(400, verdict.problem, spec.path);
    await deps.storage.commit(staged.key);
    const [recorded] = await deps.db
      .update(uploads)
      .set({
        storageKey: staged.key,
        mime: verdict.mime,
        sha256: staged.sha256,
        touchedAt: new Date(),
      })
      .where(eq(uploads.id, id))
      .returning({ id: uploads.id });
    // Cancelled or swept while its bytes were being checked: nothing may keep the file.
    if (!recorded) throw refusal(404, UPLOAD_MESSAGES.notFound);
  } catch (error) {
    if (stagedKey) await deps.storage.remove(stagedKey).catch(() => undefined);
    await deps.db.delete(uploads).where(eq(uploads.id, id));
    if (!(error instanceof Error)) throw error;
    deps.log.error({ err: error, uploadId: id }, 'checking a finished upload failed');
    throw refusal(503, UPLOAD_MESSAGES.checkFailed, spec.path);
  } finally {
    await deps.tus.discard(id).catch((error: unknown) => {
      deps.log.warn(
        { err: error, uploadId: id },
        'could not remove the bytes of a finished upload',
      );
    });
  }
}
