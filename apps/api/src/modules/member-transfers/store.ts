import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  MEMBER_TRANSFER_MESSAGES,
  MEMBER_TRANSFER_STATUS_LABELS,
  OPEN_TRANSFER_STATUSES,
  horseDisplayName,
  type MemberTransfer,
  type MemberTransferStatus,
} from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import {
  horses,
  horseTransfers,
  payments,
  users,
  type MemberTransferEvent,
  type UserRow,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { fullName } from '../horse-repository/index.js';

/** Reading and writing `horse_transfers` rows; the rules are in service.ts. */

export type TransferRow = typeof horseTransfers.$inferSelect;
export type Role = MemberTransfer['role'];

const LIVE_PAYMENT = ['requires_action', 'processing', 'succeeded', 'disputed'] as const;

export const isOpen = (status: MemberTransferStatus) =>
  (OPEN_TRANSFER_STATUSES as readonly string[]).includes(status);

/** The transfer, locked for the step that changes it; 404 for unknown and malformed ids. */
export async function lockTransfer(tx: Tx, id: string): Promise<TransferRow> {
  if (!isUuid(id)) throw new HttpError(404, MEMBER_TRANSFER_MESSAGES.notFound);
  const [row] = await tx
    .select()
    .from(horseTransfers)
    .where(eq(horseTransfers.id, id))
    .for('update');
  if (!row) throw new HttpError(404, MEMBER_TRANSFER_MESSAGES.notFound);
  return row;
}

/** 409 unless the transfer is still open (with what it is now). */
export function requireOpen(row: TransferRow): void {
  if (!isOpen(row.status)) {
    throw new HttpError(
      409,
      MEMBER_TRANSFER_MESSAGES.notOpen(MEMBER_TRANSFER_STATUS_LABELS[row.status].toLowerCase()),
    );
  }
}

/** The member's part in a transfer; someone else's transfer is "not found". */
export function roleOf(row: TransferRow, member: Pick<UserRow, 'id' | 'email'>): Role {
  if (row.sellerId === member.id) return 'seller';
  if (row.buyerId === member.id || (row.buyerId === null && row.buyerEmail === member.email)) {
    return 'buyer';
  }
  throw new HttpError(404, MEMBER_TRANSFER_MESSAGES.notFound);
}

/**
 * Moves the transfer on: new status, version + 1, the step in its events. `extra` carries the
 * columns the step sets (signature, decision).
 */
export async function advance(
  tx: Tx,
  row: TransferRow,
  status: MemberTransferStatus,
  step: string,
  actorId: string | null,
  extra: Partial<typeof horseTransfers.$inferInsert> = {},
): Promise<TransferRow> {
  const now = new Date();
  const event: MemberTransferEvent = {
    version: row.version + 1,
    status,
    at: now.toISOString(),
    actorId,
    step,
  };
  const [updated] = await tx
    .update(horseTransfers)
    .set({
      ...extra,
      status,
      version: row.version + 1,
      events: sql`${horseTransfers.events} || ${JSON.stringify([event])}::jsonb`,
      updatedAt: now,
    })
    .where(eq(horseTransfers.id, row.id))
    .returning();
  if (!updated) throw new Error('transfer vanished while locked');
  return updated;
}

/**
 * An invited buyer who now has a membership under the address the seller gave takes their
 * place in the open transfers naming it (docs/api.md "Member transfers").
 */
export async function claimInvitations(db: Executor, member: Pick<UserRow, 'id' | 'email'>) {
  await db
    .update(horseTransfers)
    .set({ buyerId: member.id, updatedAt: new Date() })
    .where(
      and(
        isNull(horseTransfers.buyerId),
        eq(horseTransfers.buyerEmail, member.email),
        inArray(horseTransfers.status, [...OPEN_TRANSFER_STATUSES]),
      ),
    );
}

/** The transfer's latest fee payment (a failed one stays visible until the next attempt). */
export async function latestPaymentOf(db: Executor, transferId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.transferId, transferId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** Whether the fee is paid (a settled payment), or under way (one that blocks another). */
export async function feeState(db: Executor, transferId: string) {
  const rows = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.transferId, transferId), inArray(payments.status, [...LIVE_PAYMENT])));
  return {
    paid: rows.some((row) => row.status === 'succeeded'),
    underWay: rows.length > 0,
  };
}

type Party = MemberTransfer['seller'];

function partyOf(user: UserRow | undefined, fallbackEmail: string): Party {
  if (!user) return { id: null, name: fallbackEmail, email: fallbackEmail, memberNumber: null };
  return {
    id: user.id,
    name: fullName(user) || user.email,
    email: user.email,
    memberNumber: user.memberNumber,
  };
}

/** The answers' shape of transfer rows, with horse, parties and latest payment. */
export async function viewsOf(
  db: Executor,
  rows: TransferRow[],
  roleFor: (row: TransferRow) => Role,
  withSignatures = false,
): Promise<MemberTransfer[]> {
  if (rows.length === 0) return [];
  const horseRows = await db
    .select()
    .from(horses)
    .where(inArray(horses.id, [...new Set(rows.map((row) => row.horseId))]));
  const horseOf = new Map(horseRows.map((horse) => [horse.id, horse]));
  const userIds = [
    ...new Set(rows.flatMap((row) => [row.sellerId, row.buyerId]).filter((id) => id !== null)),
  ];
  const people =
    userIds.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, userIds));
  const personOf = new Map(people.map((user) => [user.id, user]));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.transferId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(payments.createdAt));
  const paymentOf = new Map<string, (typeof paymentRows)[number]>();
  for (const payment of paymentRows) {
    if (payment.transferId && !paymentOf.has(payment.transferId)) {
      paymentOf.set(payment.transferId, payment);
    }
  }
  return rows.map((row) => {
    const horse = horseOf.get(row.horseId);
    const payment = paymentOf.get(row.id);
    return {
      id: row.id,
      status: row.status,
      version: row.version,
      horse: {
        id: row.horseId,
        name: horse ? horseDisplayName(horse) : '',
        registrationNumber: horse?.registrationNumber ?? null,
        version: horse?.version ?? 0,
      },
      seller: partyOf(row.sellerId ? personOf.get(row.sellerId) : undefined, ''),
      buyer: partyOf(row.buyerId ? personOf.get(row.buyerId) : undefined, row.buyerEmail),
      saleDate: row.saleDate,
      feeCents: row.feeCents,
      feePayer: row.feePayer,
      role: roleFor(row),
      payment: payment
        ? {
            id: payment.id,
            status: payment.status,
            method: payment.method,
            amountCents: payment.amountCents,
            updatedAt: payment.updatedAt.toISOString(),
          }
        : null,
      sellerSignedAt: row.sellerSignedAt.toISOString(),
      buyerSignedAt: row.buyerSignedAt?.toISOString() ?? null,
      ...(withSignatures
        ? { sellerSignature: row.sellerSignature, buyerSignature: row.buyerSignature }
        : {}),
      reason: row.reason,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The member's transfers, as seller or buyer, newest first. */
export async function transfersOfMember(db: Executor, memberId: string) {
  return db
    .select()
    .from(horseTransfers)
    .where(or(eq(horseTransfers.sellerId, memberId), eq(horseTransfers.buyerId, memberId)))
    .orderBy(desc(horseTransfers.createdAt))
    .limit(200);
}

/** The office's list: open ones (default) or every transfer, newest first. */
export async function transfersForOffice(db: Executor, scope: 'open' | 'all') {
  return db
    .select()
    .from(horseTransfers)
    .where(
      scope === 'open' ? inArray(horseTransfers.status, [...OPEN_TRANSFER_STATUSES]) : undefined,
    )
    .orderBy(desc(horseTransfers.createdAt))
    .limit(200);
}

export async function transferById(db: Executor, id: string): Promise<TransferRow> {
  if (!isUuid(id)) throw new HttpError(404, MEMBER_TRANSFER_MESSAGES.notFound);
  const [row] = await db.select().from(horseTransfers).where(eq(horseTransfers.id, id));
  if (!row) throw new HttpError(404, MEMBER_TRANSFER_MESSAGES.notFound);
  return row;
}
