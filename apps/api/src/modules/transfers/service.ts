import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  TRANSFER_MESSAGES,
  type TransferHorseInput,
  horseDisplayName,
} from '@registry/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import { horses, ownershipTransfers, users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  loadHorse,
  openTransferOf,
  fullName,
  changesSince,
  recordRevision,
} from '../horse-repository/index.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { recordDone } from '../audit/index.js';
import { withdrawPendingChange } from '../change-requests/index.js';
import { enqueueMail, ownershipTransferMail } from '../mail/index.js';
import { ownerNames, ownersAfterTransfer } from './owners.js';
import { fillProfileGaps } from './profile-gaps.js';

export interface TransferDeps {
  db: Db;
  associationName: string;
  onMailQueued?: () => void;
}

export interface TransferRecord {
  id: string;
  horseId: string;
  fromOwnerId: string | null;
  toOwnerId: string | null;
  byId: string | null;
  note: string | null;
  at: string;
}

async function activeMember(tx: Executor, id: string): Promise<UserRow> {
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'member'), eq(users.active, true)));
  if (!member) {
    throw new HttpError(404, TRANSFER_MESSAGES.coOwnerNotFound, {
      coOwnerId: TRANSFER_MESSAGES.coOwnerNotFound,
    });
  }
  return member;
}

/**
 * Moves a horse to another active member: the horse row changes owner and owners of record
 * (the new owner alone, or jointly with a member or a marked non-member), a transfer row keeps
 * the history, both owners are emailed and the audit log records it, all in one transaction.
 */
export async function transferHorse(
  deps: TransferDeps,
  input: TransferHorseInput & { version: number },
  actor: { userId: string; ip: string },
): Promise<TransferRecord> {
  const record = await deps.db.transaction((tx) => transferHorseIn(tx, deps, input, actor));
  deps.onMailQueued?.();
  return { ...record, at: record.at.toISOString() };
}

/**
 * The transfer itself, inside the caller's transaction: the office's own transfer above, and
 * the approval of a member transfer (member-transfers), which must change the owner in the
 * transaction that closes its transfer row, so both see one path for certificate, verify page,
 * owner epoch, version and lists.
 */
export async function transferHorseIn(
  tx: Tx,
  deps: Pick<TransferDeps, 'associationName'>,
  input: TransferHorseInput & { version: number },
  // No address when a payment settling by webhook completes a member transfer.
  actor: { userId: string; ip: string | null },
  options: { memberTransferId?: string } = {},
) {
  const horse = await loadHorse(tx, input.horseId, { lock: true });
  // The office transfers the horse it looked at (docs/api.md "Approvals").
  if (horse.version !== input.version) {
    throw changedSinceReviewed(
      ADMIN_MESSAGES.changedSinceReviewed,
      horse.version,
      await changesSince(tx, horse, input.version),
    );
  }
  // A member transfer under way is finished by the office's decision on it, not bypassed.
  if (!options.memberTransferId && (await openTransferOf(tx, horse.id))) {
    throw new HttpError(409, TRANSFER_MESSAGES.memberTransferOpen);
  }
  if (horse.ownerId === input.newOwnerId) {
    throw new HttpError(409, ADMIN_MESSAGES.sameOwner, { newOwnerId: ADMIN_MESSAGES.sameOwner });
  }
  const [to] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, input.newOwnerId), eq(users.role, 'member')));
  if (!to) {
    throw new HttpError(404, ADMIN_MESSAGES.newOwnerNotFound, {
      newOwnerId: ADMIN_MESSAGES.newOwnerNotFound,
    });
  }
  if (!to.active) {
    throw new HttpError(409, ADMIN_MESSAGES.newOwnerInactive, {
      newOwnerId: ADMIN_MESSAGES.newOwnerInactive,
    });
  }
  const coOwner = input.coOwnerId ? await activeMember(tx, input.coOwnerId) : undefined;
  const [from] = await tx.select().from(users).where(eq(users.id, horse.ownerId));
  // The owners of record change with the account (issue 21): certificate, verify page and
  // edit form name the new owners; the previous ones stay in the audit details below.
  // Gaps in the profiles the office filled in the dialog complete them first.
  const ofRecord = ownersAfterTransfer(
    input,
    await fillProfileGaps(tx, to, input.newOwnerAddress, actor),
    coOwner && (await fillProfileGaps(tx, coOwner, input.coOwnerAddress, actor)),
  );
  await tx
    .update(horses)
    .set({
      ownerId: to.id,
      // A new epoch: links signed before any transfer end, even after a transfer back.
      ownerEpoch: sql`${horses.ownerEpoch} + 1`,
      details: { ...horse.details, ...ofRecord },
      updatedAt: new Date(),
    })
    .where(eq(horses.id, horse.id));
  await withdrawPendingChange(tx, horse.id, actor.userId, 'transfer');
  await recordRevision(tx, horse.id, actor.userId);
  const note = input.note?.trim() || null;
  const [row] = await tx
    .insert(ownershipTransfers)
    .values({
      horseId: horse.id,
      fromOwnerId: horse.ownerId,
      toOwnerId: to.id,
      byId: actor.userId,
      note,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await recordDone(tx, 'horse.transfer', actor, horse.id, {
    fromOwnerId: horse.ownerId,
    toOwnerId: to.id,
    note,
    ...(options.memberTransferId ? { memberTransferId: options.memberTransferId } : {}),
    previousOwners: ownerNames(horse.details.owners),
    owners: ownerNames(ofRecord.owners),
  });
  const horseName = horseDisplayName(horse);
  const fromName = from ? fullName(from) || from.email : 'the previous owner';
  const toName = fullName(to) || to.email;
  if (from) {
    await enqueueMail(
      tx,
      ownershipTransferMail(from.email, deps.associationName, {
        horseName,
        role: 'from',
        otherName: toName,
      }),
    );
  }
  await enqueueMail(
    tx,
    ownershipTransferMail(to.email, deps.associationName, {
      horseName,
      role: 'to',
      otherName: fromName,
    }),
  );
  return row;
}
