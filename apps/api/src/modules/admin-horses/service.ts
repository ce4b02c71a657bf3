import { eq, inArray } from 'drizzle-orm';
import { buildHorseSchema, type AdminHorse } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { horseFiles, horses, users, type HorseFileRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { ADMIN_MESSAGES } from '@registry/domain';
import { recordAudit } from '../audit/service.js';
import { checkForm, type AcceptedFile } from '../horses/checks.js';
import { discardForm, type ReceivedForm } from '../horses/multipart.js';
import { recordOf } from '../horses/records.js';
import { registerHorse, type HorseDeps } from '../horses/service.js';
import { loadHorse } from '../horse-repository/horses.js';
import { adminHorseById } from './view.js';

export interface Actor {
  userId: string;
  ip: string;
}

/** The same "today" as the member routes: the latest calendar day anywhere (UTC+14). */
function latestToday(): Date {
  return new Date(Date.now() + 14 * 60 * 60 * 1000);
}

/** 404 unless the horse exists: checked before an edit's files are read. */
export async function requireHorse(deps: HorseDeps, horseId: string): Promise<void> {
  await loadHorse(deps.db, horseId);
}

/** The owner of a horse created by an administrator: an existing member (active or not). */
export async function requireMember(deps: HorseDeps, memberId: string): Promise<void> {
  const [member] = await deps.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, memberId));
  if (member?.role !== 'member') throw new HttpError(404, ADMIN_MESSAGES.memberNotFound);
}

async function removeStored(deps: HorseDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.remove(key).catch((error: unknown) => {
      deps.log.error({ err: error, key }, 'could not remove a replaced file');
    });
  }
}

function replacedBy(stored: HorseFileRow[], incoming: AcceptedFile[]): HorseFileRow[] {
  return stored.filter((old) =>
    incoming.some(
      (file) => file.spec.kind === old.kind && (file.spec.multiple || file.spec.slot === old.slot),
    ),
  );
}

async function insertFiles(tx: Tx, horseId: string, files: AcceptedFile[]): Promise<void> {
  let marking = 0;
  if (files.length === 0) return;
  await tx.insert(horseFiles).values(
    files.map((file) => ({
      horseId,
      kind: file.spec.kind,
      slot: file.spec.multiple ? String(marking++) : file.spec.slot,
      storageKey: file.key,
      originalName: file.name,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
    })),
  );
}

/**
 * A registration entered by the office for a member: the member's register form and rules
 * (without payment: it stays unpaid until paid or approved with the override).
 */
export async function createHorseFor(
  deps: HorseDeps,
  ownerId: string,
  form: ReceivedForm,
  actor: Actor,
): Promise<AdminHorse> {
  const { row } = await registerHorse(deps, ownerId, form);
  await recordAudit(deps.db, {
    action: 'horse.admin-create',
    success: true,
    actorId: actor.userId,
    subject: row.id,
    ip: actor.ip,
    details: { ownerId },
  });
  return adminHorseById(deps.db, deps.signer, row.id);
}

/**
 * Edits any horse with the member edit's rules and file handling (rows and files together, old
 * files removed after the commit). Registration number, statuses and `verified` are untouched.
 */
export async function adminUpdateHorse(
  deps: HorseDeps,
  horseId: string,
  form: ReceivedForm,
  actor: Actor,
): Promise<AdminHorse> {
  let replaced: HorseFileRow[] = [];
  try {
    const current = await loadHorse(deps.db, horseId);
    const stored = await deps.db.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
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
    await deps.db.transaction(async (tx) => {
      await loadHorse(tx, horseId, { lock: true });
      const now = await tx.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
      replaced = replacedBy(now, files);
      await tx
        .update(horses)
        .set({ ...recordOf(parsed), updatedAt: new Date() })
        .where(eq(horses.id, horseId));
      if (replaced.length > 0) {
        await tx.delete(horseFiles).where(
          inArray(
            horseFiles.id,
            replaced.map((f) => f.id),
          ),
        );
      }
      await insertFiles(tx, horseId, files);
      await recordAudit(tx, {
        action: 'horse.edit',
        success: true,
        actorId: actor.userId,
        subject: horseId,
        ip: actor.ip,
        details: { byAdmin: true },
      });
      for (const file of files) await deps.storage.commit(file.key);
    });
    await removeStored(
      deps,
      replaced.map((f) => f.storageKey),
    );
    return adminHorseById(deps.db, deps.signer, horseId);
  } catch (error) {
    await discardForm(deps.storage, form);
    throw error;
  }
}

/** Deletes any horse, approved ones included, with its files (removed after the commit). */
export async function adminDeleteHorse(
  deps: HorseDeps,
  horseId: string,
  actor: Actor,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const row = await loadHorse(tx, horseId, { lock: true });
    const files = await tx.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
    await tx.delete(horses).where(eq(horses.id, horseId));
    await recordAudit(tx, {
      action: 'horse.delete',
      success: true,
      actorId: actor.userId,
      subject: horseId,
      ip: actor.ip,
      details: {
        byAdmin: true,
        ownerId: row.ownerId,
        registrationNumber: row.registrationNumber,
        name: row.approvedName ?? row.firstChoice,
      },
    });
    return files.map((f) => f.storageKey);
  });
  await removeStored(deps, keys);
}
