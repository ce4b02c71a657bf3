import { and, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, type TransferHorseInput } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { horses, ownershipTransfers, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { loadHorse, fullName } from '../admin-horses/view.js';
import { recordAudit } from '../audit/service.js';
import { enqueueMail } from '../mail/outbox.js';
import { ownershipTransferMail } from '../mail/templates.js';

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

/**
 * Moves a horse to another active member: the horse row changes owner, a transfer row keeps
 * the history, both owners are emailed and the audit log records it, all in one transaction.
 */
export async function transferHorse(
  deps: TransferDeps,
  input: TransferHorseInput,
  actor: { userId: string; ip: string },
): Promise<TransferRecord> {
  const record = await deps.db.transaction(async (tx) => {
    const horse = await loadHorse(tx, input.horseId, true);
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
    const [from] = await tx.select().from(users).where(eq(users.id, horse.ownerId));
    await tx
      .update(horses)
      .set({ ownerId: to.id, updatedAt: new Date() })
      .where(eq(horses.id, horse.id));
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
    await recordAudit(tx, {
      action: 'horse.transfer',
      success: true,
      actorId: actor.userId,
      subject: horse.id,
      ip: actor.ip,
      details: { fromOwnerId: horse.ownerId, toOwnerId: to.id, note },
    });
    const horseName = horse.approvedName ?? horse.firstChoice;
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
  });
  deps.onMailQueued?.();
  return { ...record, at: record.at.toISOString() };
}
