import { eq, inArray } from 'drizzle-orm';
import { buildHorseSchema } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horseFiles, type HorseFileRow, type HorseRow } from '../../db/schema.js';
import { checkForm, type AcceptedFile } from './checks.js';
import { discardForm, type ReceivedForm } from './multipart.js';
import { recordOf } from './records.js';
import type { HorseDeps } from './service.js';
import { addUploadsToForm, claimUploads } from './uploaded-files.js';

/*
 * Storing a horse's record and files, shared by the member's register and edit
 * (horses/service.ts) and the office's edit (admin-horses/service.ts): one way to check an
 * edit, write it with its files in one transaction, and remove the files it replaced.
 */

/**
 * "Today" for the not-in-the-future date rules: the latest calendar day anywhere (UTC+14). The
 * member picked the date in their own time zone, which may already be tomorrow on the server.
 */
export function latestToday(): Date {
  return new Date(Date.now() + 14 * 60 * 60 * 1000);
}

export async function filesOf(db: Executor, horseId: string): Promise<HorseFileRow[]> {
  return db.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
}

export async function insertFiles(
  tx: Tx,
  horseId: string,
  files: AcceptedFile[],
): Promise<HorseFileRow[]> {
  if (files.length === 0) return [];
  let marking = 0;
  const values = files.map((file) => ({
    horseId,
    kind: file.spec.kind,
    // Marking documents keep the order they were sent in.
    slot: file.spec.multiple ? String(marking++) : file.spec.slot,
    storageKey: file.key,
    originalName: file.name,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
  }));
  return tx.insert(horseFiles).values(values).returning();
}

/**
 * Runs `work` in one transaction whose last step moves the staged files into place, so rows and
 * files arrive together. Callers remove the form's files (staged or already moved: `remove`
 * finds both) when this throws, so nothing of a failed request remains, even when the failure
 * is the commit itself.
 */
export async function withFiles<T>(
  deps: HorseDeps,
  uploadsOf: string | undefined,
  files: AcceptedFile[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const result = await work(tx);
    // Finished resumable uploads are committed already: the save only claims their rows, in
    // this transaction, so a refused or failed save leaves them to be sent again.
    const uploadIds = files.flatMap((file) => (file.uploadId ? [file.uploadId] : []));
    if (uploadsOf) await claimUploads(tx, uploadsOf, uploadIds);
    for (const file of files) if (!file.uploadId) await deps.storage.commit(file.key);
    return result;
  });
}

/** Old files are removed only after the rows that replaced them are committed. */
export async function removeStored(deps: HorseDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.remove(key).catch((error: unknown) => {
      deps.log.error({ err: error, key }, 'could not remove a replaced file');
    });
  }
}

/** Which stored files the new ones replace: same kind and slot; any new marking replaces all. */
function replacedBy(stored: HorseFileRow[], incoming: AcceptedFile[]): HorseFileRow[] {
  return stored.filter((old) =>
    incoming.some(
      (file) => file.spec.kind === old.kind && (file.spec.multiple || file.spec.slot === old.slot),
    ),
  );
}

/** One edit of a stored horse: who may edit it and what saving writes. */
export interface EditPlan<T> {
  horseId: string;
  /** The horse or 404, in the caller's scope (own horse, any horse); `lock` in the transaction. */
  load(db: Executor, lock: boolean): Promise<HorseRow>;
  /** Whose finished resumable uploads the save may take (the office sends its files with it). */
  uploadsOf?: string;
  /** Refuses the edit before its files are checked. */
  refuse?(row: HorseRow, files: ReceivedForm['files']): void;
  /**
   * Writes the checked record under the row lock; `storeFiles` replaces the stored files the new
   * ones take the place of (not called: no file is stored, none replaced).
   */
  write(
    tx: Tx,
    locked: HorseRow,
    record: ReturnType<typeof recordOf>,
    files: AcceptedFile[],
    storeFiles: () => Promise<void>,
  ): Promise<T>;
}

/**
 * Checks an edit with the domain's edit rules (a document already stored counts as given), then
 * writes it and its files in one transaction and removes the replaced files after the commit.
 * A refused or failed edit leaves no file of its own behind.
 */
export async function editHorse<T>(
  deps: HorseDeps,
  form: ReceivedForm,
  edit: EditPlan<T>,
): Promise<T> {
  let replaced: HorseFileRow[] = [];
  try {
    const current = await edit.load(deps.db, false);
    if (edit.uploadsOf) await addUploadsToForm(deps.db, edit.uploadsOf, form);
    edit.refuse?.(current, form.files);
    const stored = await filesOf(deps.db, edit.horseId);
    const schema = buildHorseSchema('edit', {
      today: latestToday(),
      hasExistingFiles: {
        registrationDocument: stored.some((f) => f.kind === 'registrationDocument'),
        markingDocuments: stored.some((f) => f.kind === 'markingDocument'),
      },
    });
    const { parsed, files } = await checkForm(
      deps.storage,
      form,
      schema,
      { verified: current.verified },
      deps.db,
    );
    const record = recordOf(parsed);
    const result = await withFiles(deps, edit.uploadsOf, files, async (tx) => {
      const locked = await edit.load(tx, true);
      return edit.write(tx, locked, record, files, async () => {
        // Read again under the lock: a concurrent edit may have replaced files meanwhile.
        replaced = replacedBy(await filesOf(tx, edit.horseId), files);
        if (replaced.length > 0) {
          const ids = replaced.map((f) => f.id);
          await tx.delete(horseFiles).where(inArray(horseFiles.id, ids));
        }
        await insertFiles(tx, edit.horseId, files);
      });
    });
    await removeStored(
      deps,
      replaced.map((f) => f.storageKey),
    );
    return result;
  } catch (error) {
    await discardForm(deps.storage, form);
    throw error;
  }
}
