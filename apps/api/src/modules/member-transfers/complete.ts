import { eq } from 'drizzle-orm';
import {
  MEMBER_TRANSFER_MESSAGES,
  MEMBER_TRANSFER_STATUS_LABELS,
  horseDisplayName,
  type DecideMemberTransferInput,
  type FieldChange,
} from '@registry/domain';
import type { Db, Tx } from '../../db/client.js';
import { horses, users, type PaymentRow, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { loadHorse, fullName, changesSince } from '../horse-repository/index.js';
import { recordDone } from '../audit/index.js';
import { enqueueMail, transferFeeDueMail, transferStepMail } from '../mail/index.js';
import { transferSettings } from '../settings/index.js';
import { transferHorseIn } from '../transfers/index.js';
import { advance, lockTransfer, type TransferRow } from './store.js';

/** How a transfer finishes: the office's decision, or the association's automatic approval. */

export interface MemberTransferDeps {
  db: Db;
  associationName: string;
  publicUrl: string;
  onMailQueued?: () => void;
}

type MailDeps = Pick<MemberTransferDeps, 'associationName' | 'publicUrl'>;
type Step = Parameters<typeof transferStepMail>[2];

async function userById(tx: Tx, id: string | null): Promise<UserRow | undefined> {
  if (!id) return undefined;
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

const nameOf = (user: UserRow | undefined, fallback: string) =>
  user ? fullName(user) || user.email : fallback;

async function horseName(tx: Tx, horseId: string): Promise<string> {
  const [horse] = await tx.select().from(horses).where(eq(horses.id, horseId));
  return horse ? horseDisplayName(horse) : 'the horse';
}

/** Tells one party (`to`) of a step; `by` is who took it (null: the office or the registry). */
export async function notify(
  tx: Tx,
  deps: MailDeps,
  row: TransferRow,
  step: Step,
  to: 'seller' | 'buyer',
  by: UserRow | null,
): Promise<void> {
  const recipient = await userById(tx, to === 'seller' ? row.sellerId : row.buyerId);
  const email = recipient?.email ?? (to === 'buyer' ? row.buyerEmail : undefined);
  if (!email) return;
  await enqueueMail(
    tx,
    transferStepMail(email, deps.associationName, step, {
      horseName: await horseName(tx, row.horseId),
      otherName: by ? nameOf(by, by.email) : 'The registry office',
      link: `${deps.publicUrl}/transfers`,
      reason: row.reason,
    }),
  );
}

/** Asks the party the association chose to pay the fee. */
async function askForFee(tx: Tx, deps: MailDeps, row: TransferRow): Promise<void> {
  const payer = await userById(tx, row.feePayer === 'seller' ? row.sellerId : row.buyerId);
  if (!payer) return;
  const other = await userById(tx, row.feePayer === 'seller' ? row.buyerId : row.sellerId);
  await enqueueMail(
    tx,
    transferFeeDueMail(payer.email, deps.associationName, {
      horseName: await horseName(tx, row.horseId),
      otherName: nameOf(other, row.buyerEmail),
      link: `${deps.publicUrl}/transfers`,
      feeCents: row.feeCents,
    }),
  );
}

/**
 * The owner of record changes through the office transfer's own path (certificate, verify
 * page, owner epoch, horse version, both members' lists, its history row and mails), in the
 * transaction that closes the transfer.
 */
async function approveIn(
  tx: Tx,
  deps: MailDeps,
  row: TransferRow,
  actor: { userId: string; ip: string | null },
  automatic: boolean,
): Promise<TransferRow> {
  if (!row.buyerId) throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.notAwaitingOffice);
  const horse = await loadHorse(tx, row.horseId, { lock: true });
  const history = await transferHorseIn(
    tx,
    deps,
    {
      horseId: row.horseId,
      newOwnerId: row.buyerId,
      ownerType: 'Single',
      note: `Member transfer: sold ${row.saleDate}, signed by seller and buyer${automatic ? ', approved automatically' : ''}`,
      version: horse.version,
    },
    actor,
    { memberTransferId: row.id },
  );
  const approved = await advance(
    tx,
    row,
    'approved',
    automatic ? 'approved-automatically' : 'approved',
    actor.userId,
    {
      decidedAt: new Date(),
      decidedById: automatic ? null : actor.userId,
      ownershipTransferId: history.id,
    },
  );
  await recordDone(tx, 'transfer.approve', actor, row.horseId, {
    transferId: row.id,
    automatic,
    sellerId: row.sellerId,
    buyerId: row.buyerId,
    saleDate: row.saleDate,
    ownershipTransferId: history.id,
  });
  return approved;
}

/**
 * A transfer signed by both and paid (or free) waits for the office, unless the association
 * approves such transfers automatically. The automatic approval runs in a savepoint: should it
 * be refused (the buyer's account closed meanwhile), the transfer simply waits for the office
 * and the step that completed it (an acceptance, a payment settling) still stands.
 */
export async function completeIfReady(
  tx: Tx,
  deps: MailDeps,
  row: TransferRow,
  actor: { userId: string; ip: string | null },
): Promise<TransferRow> {
  if (row.status === 'awaiting_payment') {
    await askForFee(tx, deps, row);
    return row;
  }
  if (row.status !== 'awaiting_office') return row;
  if (!(await transferSettings(tx)).autoApprove) return row;
  try {
    return await tx.transaction((savepoint) => approveIn(savepoint, deps, row, actor, true));
  } catch (error) {
    if (error instanceof HttpError) return row;
    throw error;
  }
}

/**
 * Called in the transaction that settles a payment (payments/settle.ts): a succeeded transfer
 * fee moves its transfer to the office, or approves it. Answers whether mail was queued.
 */
export async function onFeeSettled(tx: Tx, deps: MailDeps, payment: PaymentRow): Promise<boolean> {
  if (!payment.transferId || payment.status !== 'succeeded') return false;
  const row = await lockTransfer(tx, payment.transferId);
  if (row.status !== 'awaiting_payment') return false;
  const actorId = payment.payerId ?? row.sellerId;
  const paid = await advance(tx, row, 'awaiting_office', 'paid', actorId);
  await recordDone(tx, 'transfer.paid', { userId: actorId }, row.horseId, {
    transferId: row.id,
    paymentId: payment.id,
    amountCents: payment.amountCents,
  });
  const done = actorId
    ? await completeIfReady(tx, deps, paid, { userId: actorId, ip: null })
    : paid;
  if (done.status === 'awaiting_office') {
    const payer = await userById(tx, payment.payerId);
    await notify(tx, deps, done, 'awaiting-office', 'seller', payer ?? null);
    await notify(tx, deps, done, 'awaiting-office', 'buyer', payer ?? null);
  }
  return true;
}

const label = (status: TransferRow['status']) => MEMBER_TRANSFER_STATUS_LABELS[status];

/** The steps after `version`, as changes the office reads in its second look. */
function stepsSince(row: TransferRow, version: number): FieldChange[] {
  const changes: FieldChange[] = [];
  let previous = row.events.find((event) => event.version === version)?.status;
  for (const event of row.events.filter((e) => e.version > version)) {
    changes.push({
      field: 'Transfer status',
      from: previous ? label(previous) : '',
      to: label(event.status),
    });
    previous = event.status;
  }
  return changes;
}

/**
 * The office approves or rejects a transfer waiting for it, on the versions of the transfer and
 * of the horse it reviewed: 409 with what changed when either moved on (two office users racing:
 * the second finds the first one's version).
 */
export async function decideTransfer(
  deps: MemberTransferDeps,
  id: string,
  input: DecideMemberTransferInput & { version: number },
  actor: { userId: string; ip: string | null },
): Promise<TransferRow> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockTransfer(tx, id);
    const horse = await loadHorse(tx, current.horseId, { lock: true });
    if (current.version !== input.version || horse.version !== input.horseVersion) {
      const changes = [
        ...stepsSince(current, input.version),
        ...(horse.version !== input.horseVersion
          ? await changesSince(tx, horse, input.horseVersion)
          : []),
      ];
      throw changedSinceReviewed(
        MEMBER_TRANSFER_MESSAGES.changedSinceReviewed,
        current.version,
        changes,
      );
    }
    if (current.status !== 'awaiting_office') {
      throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.notAwaitingOffice);
    }
    if (input.action === 'approve') return approveIn(tx, deps, current, actor, false);
    const reason = input.reason?.trim();
    if (!reason) {
      throw new HttpError(400, MEMBER_TRANSFER_MESSAGES.reasonRequired, {
        reason: MEMBER_TRANSFER_MESSAGES.reasonRequired,
      });
    }
    const rejected = await advance(tx, current, 'rejected', 'rejected', actor.userId, {
      reason,
      decidedAt: new Date(),
      decidedById: actor.userId,
    });
    await recordDone(tx, 'transfer.reject', actor, current.horseId, {
      transferId: current.id,
      reason,
    });
    await notify(tx, deps, rejected, 'rejected', 'seller', null);
    await notify(tx, deps, rejected, 'rejected', 'buyer', null);
    return rejected;
  });
  deps.onMailQueued?.();
  return row;
}
