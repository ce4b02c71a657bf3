import { eq, inArray, sql } from 'drizzle-orm';
import {
  buildHorseSchema,
  fileSlotOfRow,
  storedRequiredFiles,
  type ExistingHorseFiles,
  type HorseEditSchema,
  KEEP_MARKINGS_MESSAGES,
  KEEP_MARKINGS_PART,
  MARKING_DOCUMENTS_MAX,
} from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horseFiles, type HorseFileRow, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { checkForm, type AcceptedFile } from './checks.js';
import { discardForm, type ReceivedForm } from './multipart.js';
import { recordOf } from './records.js';
import type { HorseDeps } from './deps.js';
import { addUploadsToForm, claimUploads } from './uploaded-files.js';
import { prepared } from '../../db/prepared.js';

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
  return prepared(db, 'horse_files', () =>
    db
      .select()
      .from(horseFiles)
      .where(eq(horseFiles.horseId, sql.placeholder('horseId')))
      .prepare('horse_files'),
  ).execute({ horseId });
}

export async function insertFiles(
  tx: Tx,
  horseId: string,
  files: AcceptedFile[],
  /** The slot of the first new marking document: after the ones an edit keeps. */
  firstMarkingSlot = 0,
): Promise<HorseFileRow[]> {
  if (files.length === 0) return [];
  let marking = firstMarkingSlot;
  // Marking documents keep the order they were sent in.
  const slots = files.map((file) => (file.spec.multiple ? String(marking++) : file.spec.slot));
  const column = <T>(value: (file: AcceptedFile) => T) => sql.param(files.map(value));
  // One array per column, whatever the number of files: drizzle built a multi-row VALUES list
  // parameter by parameter, most of the save's statement building (issue 30). The select gives
  // every column in the table's order; id and created_at are their defaults.
  return tx
    .insert(horseFiles)
    .select(
      sql`select gen_random_uuid(), ${horseId}::uuid, f.*, now() from unnest(
        ${column((file) => file.spec.kind)}::text[], ${sql.param(slots)}::text[],
        ${column((file) => file.key)}::text[], ${column((file) => file.name)}::text[],
        ${column((file) => file.mime)}::text[], ${column((file) => file.size)}::bigint[],
        ${column((file) => file.sha256)}::text[]
      ) as f`,
    )
    .returning();
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

const MARKING = 'markingDocument';

/**
 * Which stored files an edit removes: a one-file field's file when a new one takes its kind and
 * slot; a marking photo when the edit changes the set and does not keep it (`keep` null: the
 * set stays as it is).
 */
function replacedBy(
  stored: HorseFileRow[],
  incoming: AcceptedFile[],
  keep: ReadonlySet<string> | null,
): HorseFileRow[] {
  return stored.filter((old) =>
    old.kind === MARKING
      ? keep !== null && !keep.has(old.id)
      : incoming.some(
          (file) =>
            !file.spec.multiple && file.spec.kind === old.kind && file.spec.slot === old.slot,
        ),
  );
}

/**
 * What an edit does to the stored marking photos (docs/api.md "Edit"): `keep` is null when the
 * set stays as it is, else the ids of the stored photos kept (the new ones are added after
 * them); `removed` counts the stored photos it drops. The `keepMarkingDocuments` part names
 * the kept ones; without it, new marking files replace the whole set, as before it existed.
 * A malformed part, or an id that is not one of the horse's marking photos, is a problem of
 * the `markingDocuments` field.
 */
export function markingPlan(
  form: ReceivedForm,
  storedMarkings: HorseFileRow[],
): { keep: string[] | null; removed: number } {
  const raw = form.values.get(KEEP_MARKINGS_PART);
  form.values.delete(KEEP_MARKINGS_PART);
  const added = form.files.filter((file) => file.spec.multiple).length;
  let keep: string[];
  if (raw === undefined) {
    if (added === 0) return { keep: null, removed: 0 };
    keep = [];
  } else {
    const ids = keptIds(raw);
    if (!ids) {
      form.problems.markingDocuments = KEEP_MARKINGS_MESSAGES.invalid;
      return { keep: null, removed: 0 };
    }
    const stored = new Set(storedMarkings.map((file) => file.id));
    if (ids.some((id) => !stored.has(id))) {
      form.problems.markingDocuments = KEEP_MARKINGS_MESSAGES.notStored;
      return { keep: null, removed: 0 };
    }
    keep = ids;
  }
  if (added === 0 && keep.length === storedMarkings.length) return { keep: null, removed: 0 };
  const kept = new Set(keep);
  form.keptMarkings = storedMarkings
    .filter((file) => kept.has(file.id))
    .map((file) => ({ name: file.originalName, size: file.size }));
  return { keep, removed: storedMarkings.length - keep.length };
}

/** The ids of a `keepMarkingDocuments` value (JSON text or a JSON array), or undefined. */
function keptIds(raw: unknown): string[] | undefined {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(value) || value.length > MARKING_DOCUMENTS_MAX) return undefined;
  if (!value.every((id): id is string => typeof id === 'string' && id.length <= 64)) {
    return undefined;
  }
  return [...new Set(value)];
}

/** One edit of a stored horse: who may edit it and what saving writes. */
export interface EditPlan<T> {
  horseId: string;
  /** The horse or 404, in the caller's scope (own horse, any horse); `lock` in the transaction. */
  load(db: Executor, lock: boolean): Promise<HorseRow>;
  /** Whose finished resumable uploads the save may take (the office sends its files with it). */
  uploadsOf?: string;
  /**
   * Refuses the edit: before its files are checked, and again under the row lock. `removed`
   * counts the stored marking photos the edit drops.
   */
  refuse?(row: HorseRow, files: ReadonlyArray<{ spec: { path: string } }>, removed: number): void;
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
 * The edit rules for each pair of "already stored" answers, each built once: building them per
 * request made zod compile its object parsers anew for every save (issue 30). "Today" is asked
 * at each parse.
 */
const EDIT_RULES = new Map<string, HorseEditSchema>();
function editRules(hasExistingFiles: ExistingHorseFiles) {
  // Its keys are the files table's required places, always in the table's order.
  const key = JSON.stringify(hasExistingFiles);
  let rules = EDIT_RULES.get(key);
  if (!rules) {
    rules = buildHorseSchema('edit', { today: latestToday, hasExistingFiles });
    EDIT_RULES.set(key, rules);
  }
  return rules;
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
    const stored = await filesOf(deps.db, edit.horseId);
    const storedMarkings = stored.filter((f) => f.kind === MARKING);
    const markings = markingPlan(form, storedMarkings);
    edit.refuse?.(current, form.files, markings.removed);
    // The required files (the files' table) an edit may leave out when one is stored.
    const schema = editRules(
      storedRequiredFiles((slot) =>
        slot.kind === MARKING
          ? // A changed set is judged whole (kept + new, form-input.ts): an empty one is missing.
            markings.keep === null && storedMarkings.length > 0
          : stored.some((f) => fileSlotOfRow(f.kind, f.slot) === slot),
      ),
    );
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
      edit.refuse?.(locked, files, markings.removed);
      return edit.write(tx, locked, record, files, async () => {
        // Read again under the lock: a concurrent edit may have replaced files meanwhile.
        const current = await filesOf(tx, edit.horseId);
        const keep = markings.keep === null ? null : new Set(markings.keep);
        const kept = current.filter((f) => f.kind === MARKING && keep?.has(f.id));
        // The set was judged with these photos in it; one gone meanwhile changes the count.
        if (keep !== null && kept.length !== keep.size) {
          throw new HttpError(409, KEEP_MARKINGS_MESSAGES.changed);
        }
        replaced = replacedBy(current, files, keep);
        if (replaced.length > 0) {
          const ids = replaced.map((f) => f.id);
          await tx.delete(horseFiles).where(inArray(horseFiles.id, ids));
        }
        const lastKept = Math.max(-1, ...kept.map((f) => Number(f.slot) || 0));
        await insertFiles(tx, edit.horseId, files, lastKept + 1);
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
