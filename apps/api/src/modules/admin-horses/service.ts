import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, BREEDING_MARE_PART, type AdminHorse } from '@registry/domain';
import { horses, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import {
  editHorse,
  filesOf,
  removeStored,
  type ReceivedForm,
  registerHorse,
  type HorseDeps,
} from '../horses/index.js';
import { loadHorse, followFees, recordRevision } from '../horse-repository/index.js';
import { decideFoalBreeding } from '../breedings/index.js';
import { adminHorseById } from './view.js';

export interface Actor {
  userId: string;
  ip: string;
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
  await editHorse(deps, form, {
    horseId,
    load: (db, lock) => loadHorse(db, horseId, { lock }),
    write: async (tx, _locked, record, _files, storeFiles) => {
      const [updated] = await tx
        .update(horses)
        .set({ ...record, updatedAt: new Date() })
        .where(eq(horses.id, horseId))
        .returning();
      if (updated) await followFees(tx, updated);
      // A registration not yet approved: its reported breeding and flag follow the record
      // (modules/breedings/foal-link.ts); an approved horse's parents are linked by hand.
      if (updated && updated.approvalStatus !== 'approved') {
        await decideFoalBreeding(tx, updated, form.values.get(BREEDING_MARE_PART));
      }
      await storeFiles();
      await recordRevision(tx, horseId, actor.userId);
      await recordAudit(tx, {
        action: 'horse.edit',
        success: true,
        actorId: actor.userId,
        subject: horseId,
        ip: actor.ip,
        details: { byAdmin: true },
      });
    },
  });
  return adminHorseById(deps.db, deps.signer, horseId);
}

/** Deletes any horse, approved ones included, with its files (removed after the commit). */
export async function adminDeleteHorse(
  deps: HorseDeps,
  horseId: string,
  actor: Actor,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const row = await loadHorse(tx, horseId, { lock: true });
    const files = await filesOf(tx, horseId);
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
