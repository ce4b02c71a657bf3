import { eq } from 'drizzle-orm';
import {
  buildRegistrationDetailsSchema,
  CHANGE_REQUEST_MESSAGES,
  type Horse,
} from '@registry/domain';
import { BREEDING_MARE_PART, DRAFT_ID_PART } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horses, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  loadHorse,
  feesPaidFor,
  followFees,
  recordFirstRevision,
  recordRevision,
  refuseIfTransferOpen,
} from '../horse-repository/index.js';
import { recordAudit } from '../audit/index.js';
import { decideFoalBreeding, newFoalLink } from '../breedings/index.js';
import { removeCompletedDraft } from '../drafts/index.js';
import {
  pendingChangeOf,
  diffRecords,
  recordValuesOf,
  RESUBMIT_ACTION,
  editApprovedRecord,
} from '../change-requests/index.js';
import { latestPaymentIntentId } from '../payments/index.js';
import { addUploadsToForm } from './uploaded-files.js';
import { checkForm, stageSignature, type AcceptedFile } from './checks.js';
import { editHorse, filesOf, insertFiles, latestToday, removeStored, withFiles } from './edit.js';
import { discardForm, type ReceivedForm } from './multipart.js';
import { recordOf, toHorse } from './records.js';
import { paidForHorse } from './paid.js';
import type { HorseDeps } from './deps.js';

export type { HorseDeps } from './deps.js';

export const HORSE_API_MESSAGES = {
  notFound: 'Horse not found',
  approvedNotDeletable:
    'An approved horse cannot be deleted. Please contact the registry office to retire it.',
  registered: 'Horse registered',
  updated: 'Horse updated',
  deleted: 'Horse deleted',
} as const;

/** Members cannot verify their own horses; the commissioner sets this after approval. */
const NEW_HORSE_VERIFIED = 'No';

/**
 * The registration rules, built once: building them per request made zod compile its object
 * parsers anew for every save (a few milliseconds of CPU each, issue 30). "Today" is asked at
 * each parse, so the rules stay right across midnight.
 */
const registrationRules = buildRegistrationDetailsSchema({ today: latestToday });

/** The member's own horse, or 404. */
function loadOwn(db: Executor, ownerId: string, horseId: string, lock = false) {
  return loadHorse(db, horseId, { ownerId, lock, notFound: HORSE_API_MESSAGES.notFound });
}

/** Throws 404 unless the horse is the member's: checked before an edit's files are read. */
export async function requireOwnHorse(deps: HorseDeps, ownerId: string, horseId: string) {
  await loadOwn(deps.db, ownerId, horseId);
}

/** What a member paid for one of their horses (404 for anyone else's). */
export async function paidForOwnHorse(db: Executor, ownerId: string, horseId: string) {
  await loadOwn(db, ownerId, horseId);
  return paidForHorse(db, horseId);
}

export async function getOwnHorse(deps: HorseDeps, ownerId: string, horseId: string) {
  const row = await loadOwn(deps.db, ownerId, horseId);
  return ownView(deps, row);
}

async function ownView(deps: HorseDeps, row: HorseRow): Promise<Horse> {
  const [files, paymentIntentId, pendingChange, feesPaid] = await Promise.all([
    filesOf(deps.db, row.id),
    latestPaymentIntentId(deps.db, row.id),
    pendingChangeOf(deps.db, row.id),
    feesPaidFor(deps.db, row.id),
  ]);
  return toHorse(row, files, deps.signer, paymentIntentId, pendingChange, feesPaid);
}

/** A new registration: pending and unpaid until the registry and the payment step say otherwise. */
export async function registerHorse(
  deps: HorseDeps,
  ownerId: string,
  form: ReceivedForm,
): Promise<{ horse: Horse; row: HorseRow }> {
  try {
    await addUploadsToForm(deps.db, ownerId, form);
    const { parsed, files } = await checkForm(
      deps.storage,
      form,
      registrationRules,
      { verified: NEW_HORSE_VERIFIED },
      deps.db,
    );
    files.push(await stageSignature(deps.storage, form, parsed.ownerSignature));
    return await withFiles(deps, ownerId, files, async (tx) => {
      const record = recordOf(parsed);
      // Its reported breeding, or the office's "no breeding report" flag (modules/breedings),
      // decided before the insert so the row is written once.
      const link = await newFoalLink(tx, record, form.values.get(BREEDING_MARE_PART));
      const [row] = await tx
        .insert(horses)
        .values({
          ...record,
          ...link,
          ownerId,
          firstChoice: parsed.firstChoice,
          secondChoice: parsed.secondChoice,
          thirdChoice: parsed.thirdChoice,
          verified: NEW_HORSE_VERIFIED,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const fileRows = await insertFiles(tx, row.id, files);
      await recordFirstRevision(tx, row, ownerId);
      // The draft this registration completes goes with the same commit (issue 14 item 5).
      await removeCompletedDraft(tx, ownerId, form.values.get(DRAFT_ID_PART));
      await recordAudit(tx, {
        action: 'horse.register',
        success: true,
        actorId: ownerId,
        subject: row.id,
      });
      return { horse: toHorse(row, fileRows, deps.signer), row };
    });
  } catch (error) {
    await discardForm(deps.storage, form);
    throw error;
  }
}

/**
 * What a member's save did: `updated` (written), `submitted` (an approved record's reviewed
 * fields went to the office as a change request) or `resubmitted` (a rejected registration,
 * corrected, is pending again).
 */
export type EditOutcome = 'updated' | 'submitted' | 'resubmitted';

export const EDIT_MESSAGES: Record<EditOutcome, string> = {
  updated: HORSE_API_MESSAGES.updated,
  submitted: CHANGE_REQUEST_MESSAGES.submitted,
  resubmitted: CHANGE_REQUEST_MESSAGES.resubmitted,
};

/**
 * An approved record's documents are the office's to change
 * (docs/decisions/0031-approved-records-change-through-the-office.md): no new file,
 * and no stored marking photo dropped.
 */
function refuseFilesOnApproved(
  row: HorseRow,
  files: ReadonlyArray<{ spec: { path: string } }>,
  removedMarkings = 0,
): void {
  if (row.approvalStatus !== 'approved' || (files.length === 0 && removedMarkings === 0)) return;
  const fields = Object.fromEntries(
    files.map((f) => [f.spec.path, CHANGE_REQUEST_MESSAGES.filesOnApproved]),
  );
  if (removedMarkings > 0) fields.markingDocuments = CHANGE_REQUEST_MESSAGES.filesOnApproved;
  throw new HttpError(400, CHANGE_REQUEST_MESSAGES.filesOnApproved, fields);
}

/** A corrected rejected registration goes back to the queue with what changed since. */
async function resubmit(
  tx: Tx,
  row: HorseRow,
  parsed: ReturnType<typeof recordOf>,
  files: AcceptedFile[],
  ownerId: string,
  chosenBreeding: unknown,
) {
  const now = new Date();
  const [updated] = await tx
    .update(horses)
    .set({
      ...parsed,
      approvalStatus: 'pending',
      rejectionReason: null,
      decidedAt: null,
      decidedById: null,
      updatedAt: now,
    })
    .where(eq(horses.id, row.id))
    .returning();
  if (updated) await followFees(tx, updated);
  if (updated) await decideFoalBreeding(tx, updated, chosenBreeding);
  await recordAudit(tx, {
    action: RESUBMIT_ACTION,
    success: true,
    actorId: ownerId,
    subject: row.id,
    details: {
      previousReason: row.rejectionReason ?? '',
      changes: diffRecords(recordValuesOf(row), parsed),
      newFiles: files.map((f) => f.spec.path),
    },
  });
  return recordRevision(tx, row.id, ownerId);
}

export async function editOwnHorse(
  deps: HorseDeps,
  ownerId: string,
  horseId: string,
  form: ReceivedForm,
): Promise<{ horse: Horse; outcome: EditOutcome }> {
  const { row, outcome } = await editHorse(deps, form, {
    horseId,
    load: (db, lock) => loadOwn(db, ownerId, horseId, lock),
    uploadsOf: ownerId,
    refuse: refuseFilesOnApproved,
    write: async (tx, locked, sent, files, storeFiles) => {
      if (locked.approvalStatus === 'approved') {
        // Being sold: the record stays as the buyer signed for it (issue 31 item 1).
        await refuseIfTransferOpen(tx, locked.id);
        // Approved meanwhile: its documents are the office's now too.
        refuseFilesOnApproved(locked, files);
        return editApprovedRecord(tx, locked, sent, ownerId);
      }
      await storeFiles();
      if (locked.approvalStatus === 'rejected') {
        const chosen = form.values.get(BREEDING_MARE_PART);
        const updated = await resubmit(tx, locked, sent, files, ownerId, chosen);
        return { row: updated, outcome: 'resubmitted' as const };
      }
      const [updated] = await tx
        .update(horses)
        .set({ ...sent, updatedAt: new Date() })
        .where(eq(horses.id, horseId))
        .returning();
      if (updated) await followFees(tx, updated);
      if (updated) await decideFoalBreeding(tx, updated, form.values.get(BREEDING_MARE_PART));
      await recordAudit(tx, {
        action: 'horse.edit',
        success: true,
        actorId: ownerId,
        subject: horseId,
      });
      return { row: await recordRevision(tx, horseId, ownerId), outcome: 'updated' as const };
    },
  });
  if (!row) throw new HttpError(404, HORSE_API_MESSAGES.notFound);
  return { horse: await ownView(deps, row), outcome };
}

/**
 * Deletes a member's horse with its files. An approved horse is part of the registry's record
 * (its number is published), so a member cannot delete it; pending and rejected ones they can,
 * which is also how the client rolls back a registration whose payment could not start.
 */
export async function deleteHorse(
  deps: HorseDeps,
  ownerId: string,
  horseId: string,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const row = await loadOwn(tx, ownerId, horseId, true);
    if (row.approvalStatus === 'approved') {
      throw new HttpError(409, HORSE_API_MESSAGES.approvedNotDeletable);
    }
    const files = await filesOf(tx, horseId);
    // Payments outlive the horse (horse_id set null); the audit entry tells the office what was
    // paid for it, since the member was told the office handles refunds (issue 21).
    const paid = await paidForHorse(tx, horseId);
    await tx.delete(horses).where(eq(horses.id, horseId));
    await recordAudit(tx, {
      action: 'horse.delete',
      success: true,
      actorId: ownerId,
      subject: horseId,
      ...(paid.paidCents > 0
        ? {
            details: {
              horseName: row.approvedName ?? row.firstChoice,
              paidCents: paid.paidCents,
              refundDue: true,
            },
          }
        : {}),
    });
    return files.map((f) => f.storageKey);
  });
  await removeStored(deps, keys);
}
