import { eq } from 'drizzle-orm';
import {
  MEMBER_TRANSFER_MESSAGES,
  buyerEmailField,
  horseDisplayName,
  looksLikeEmail,
  normalizeEmail,
  normalizeMemberNumber,
  type AcceptMemberTransferInput,
  type CloseMemberTransferInput,
  type StartMemberTransferInput,
} from '@registry/domain';
import type { Db, Tx } from '../../db/client.js';
import { horseTransfers, users, type HorseRow, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { loadHorse, fullName } from '../horse-repository/index.js';
import { recordDone } from '../audit/index.js';
import { enqueueMail, transferInvitationMail, transferOfferedMail } from '../mail/index.js';
import { isUniqueViolation } from '../payments/index.js';
import { transferSettings } from '../settings/index.js';
import { completeIfReady, notify, type MemberTransferDeps } from './complete.js';
import {
  advance,
  claimInvitations,
  feeState,
  lockTransfer,
  requireOpen,
  roleOf,
  type TransferRow,
} from './store.js';

export type { MemberTransferDeps } from './complete.js';

export interface Actor {
  user: UserRow;
  ip: string;
}

/** The member acting, as the audit log and the completion record them. */
const byUser = (actor: Actor) => ({ userId: actor.user.id, ip: actor.ip });

/** The signed-in member's row (the token names an active one; this reads its email). */
export async function memberRow(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new HttpError(404, MEMBER_TRANSFER_MESSAGES.notFound);
  await claimInvitations(db, row);
  return row;
}

const buyerError = (message: string) => new HttpError(400, message, { buyer: message });

/** The buyer the seller named: a member by number or email, or an address to invite. */
async function findBuyer(
  tx: Tx,
  given: string,
): Promise<{ member: UserRow | undefined; email: string }> {
  if (looksLikeEmail(given)) {
    const parsed = buyerEmailField.safeParse(given);
    if (!parsed.success) throw buyerError(parsed.error.issues[0]?.message ?? 'Invalid email');
    const email = normalizeEmail(parsed.data);
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (user && user.role !== 'member') throw buyerError(MEMBER_TRANSFER_MESSAGES.buyerIsOffice);
    if (user && !user.active) throw buyerError(MEMBER_TRANSFER_MESSAGES.buyerNotFound);
    return { member: user, email };
  }
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(users.memberNumber, normalizeMemberNumber(given)));
  if (!user || user.role !== 'member' || !user.active) {
    throw buyerError(MEMBER_TRANSFER_MESSAGES.buyerNotFound);
  }
  return { member: user, email: user.email };
}

/**
 * The owner of record starts a transfer of an approved horse: the horse row is locked, so a
 * member edit cannot slip in between, and the partial unique index refuses a second open
 * transfer even when two requests race (409 either way).
 */
export async function startTransfer(
  deps: MemberTransferDeps,
  input: StartMemberTransferInput,
  actor: Actor,
): Promise<TransferRow & { invited: boolean }> {
  const seller = actor.user;
  let invited = false;
  const row = await deps.db
    .transaction(async (tx) => {
      const horse: HorseRow = await loadHorse(tx, input.horseId, {
        ownerId: seller.id,
        lock: true,
        notFound: MEMBER_TRANSFER_MESSAGES.notOwner,
      });
      if (horse.approvalStatus !== 'approved') {
        throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.notApproved);
      }
      const buyer = await findBuyer(tx, input.buyer);
      if (buyer.member?.id === seller.id || buyer.email === seller.email) {
        throw buyerError(MEMBER_TRANSFER_MESSAGES.buyerIsSeller);
      }
      const settings = await transferSettings(tx);
      const now = new Date();
      const [inserted] = await tx
        .insert(horseTransfers)
        .values({
          horseId: horse.id,
          sellerId: seller.id,
          buyerId: buyer.member?.id ?? null,
          buyerEmail: buyer.email,
          saleDate: input.saleDate,
          status: 'awaiting_buyer',
          feeCents: settings.feeCents,
          feePayer: settings.payer,
          sellerSignature: input.sellerSignature,
          sellerSignedAt: now,
          events: [
            {
              version: 1,
              status: 'awaiting_buyer',
              at: now.toISOString(),
              actorId: seller.id,
              step: 'started',
            },
          ],
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      await recordDone(tx, 'transfer.start', byUser(actor), horse.id, {
        transferId: inserted.id,
        buyerId: inserted.buyerId,
        buyerEmail: inserted.buyerEmail,
        saleDate: inserted.saleDate,
        feeCents: inserted.feeCents,
        feePayer: inserted.feePayer,
      });
      const mail = {
        horseName: horseDisplayName(horse),
        otherName: fullName(seller) || seller.email,
        link: `${deps.publicUrl}/transfers`,
      };
      invited = !buyer.member;
      await enqueueMail(
        tx,
        buyer.member
          ? transferOfferedMail(buyer.email, deps.associationName, mail)
          : transferInvitationMail(buyer.email, deps.associationName, {
              ...mail,
              joinLink: `${deps.publicUrl}/login`,
            }),
      );
      return inserted;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.alreadyOpen);
      throw error;
    });
  deps.onMailQueued?.();
  return Object.assign(row, { invited });
}

/** 409 when the caller's copy is older than the transfer (a step was taken meanwhile). */
function requireVersion(row: TransferRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) {
    throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.changedSinceReviewed, undefined, {
      currentVersion: row.version,
      changes: [],
    });
  }
}

/**
 * The buyer accepts and signs. With nothing to pay the transfer goes to the office (or is
 * approved at once when the association approves completed, paid transfers automatically).
 */
export async function acceptTransfer(
  deps: MemberTransferDeps,
  id: string,
  input: AcceptMemberTransferInput,
  actor: Actor,
): Promise<TransferRow> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockTransfer(tx, id);
    if (roleOf(current, actor.user) !== 'buyer') {
      throw new HttpError(403, MEMBER_TRANSFER_MESSAGES.notYourStep);
    }
    requireOpen(current);
    requireVersion(current, input.version);
    if (current.status !== 'awaiting_buyer') {
      throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.notYourStep);
    }
    const next = current.feeCents > 0 ? 'awaiting_payment' : 'awaiting_office';
    const accepted = await advance(tx, current, next, 'accepted', actor.user.id, {
      buyerId: actor.user.id,
      buyerSignature: input.buyerSignature,
      buyerSignedAt: new Date(),
    });
    await recordDone(tx, 'transfer.accept', byUser(actor), accepted.horseId, {
      transferId: accepted.id,
      status: accepted.status,
    });
    await notify(tx, deps, accepted, 'accepted', 'seller', actor.user);
    return completeIfReady(tx, deps, accepted, byUser(actor));
  });
  deps.onMailQueued?.();
  return row;
}

/**
 * The buyer declines (while the transfer waits for them), or either party cancels before the
 * office decides. A fee already paid stays a payment the office refunds from the ledger.
 */
export async function closeTransfer(
  deps: MemberTransferDeps,
  id: string,
  how: 'decline' | 'cancel',
  input: CloseMemberTransferInput,
  actor: Actor,
): Promise<TransferRow> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockTransfer(tx, id);
    const role = roleOf(current, actor.user);
    requireOpen(current);
    requireVersion(current, input.version);
    if (how === 'decline' && (role !== 'buyer' || current.status !== 'awaiting_buyer')) {
      throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.notYourStep);
    }
    // A fee payment still settling would land on a closed transfer: wait for it to settle.
    const fee = await feeState(tx, current.id);
    if (fee.underWay && !fee.paid) {
      throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.paymentUnderWay);
    }
    const status = how === 'decline' ? 'declined' : 'cancelled';
    const closed = await advance(
      tx,
      current,
      status,
      how === 'decline' ? 'declined' : `cancelled-by-${role}`,
      actor.user.id,
      {
        reason: input.reason?.trim() || null,
        decidedAt: new Date(),
        decidedById: actor.user.id,
        ...(role === 'buyer' ? { buyerId: actor.user.id } : {}),
      },
    );
    await recordDone(
      tx,
      how === 'decline' ? 'transfer.decline' : 'transfer.cancel',
      byUser(actor),
      closed.horseId,
      { transferId: closed.id, role, reason: closed.reason },
    );
    await notify(
      tx,
      deps,
      closed,
      how === 'decline' ? 'declined' : 'cancelled',
      role === 'seller' ? 'buyer' : 'seller',
      actor.user,
    );
    return closed;
  });
  deps.onMailQueued?.();
  return row;
}
