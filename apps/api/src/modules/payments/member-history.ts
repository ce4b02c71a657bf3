import { and, desc, eq } from 'drizzle-orm';
import { RECEIPT_MESSAGES, RECEIPT_STATUSES, type MemberPayment } from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { payments, users, type PaymentRow } from '../../db/schema.js';
import { fullName, horseNamesByIds } from '../horse-repository/index.js';
import { HttpError } from '../../http-error.js';
import { isUuid } from '../../db/ids.js';
import { withdrawnHorses } from './ledger.js';
import { transferHorsesOf } from './transfer-horses.js';
import { agreementView, disputeView, refundsByPayment } from './payment-facts.js';

/*
 * "My payments" (docs/api.md): every payment a member made, or the office recorded for them,
 * newest first, with the horse it was for, also once that registration was withdrawn.
 */

export const MY_PAYMENTS_LIMIT = 200;

interface HorseLabel {
  id: string | null;
  name: string;
  deleted: boolean;
}

function linesOf(row: PaymentRow): MemberPayment['lines'] {
  const lines = (row.fees as { lines?: unknown }).lines;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: { label?: unknown; cents?: unknown }) =>
    typeof line.label === 'string' && typeof line.cents === 'number'
      ? [{ label: line.label, cents: line.cents }]
      : [],
  );
}

function view(
  row: PaymentRow,
  horse: HorseLabel,
  refunds: MemberPayment['refunds'],
): MemberPayment {
  return {
    id: row.id,
    horse,
    method: row.method,
    amountCents: row.amountCents,
    lines: linesOf(row),
    status: row.status,
    refundedCents: row.refundedCents,
    refunds,
    dispute: disputeView(row),
    agreement: agreementView(row),
    reversalReason: row.reversalReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    receipt: (RECEIPT_STATUSES as readonly string[]).includes(row.status),
  };
}

async function labelled(db: Executor, rows: PaymentRow[]): Promise<MemberPayment[]> {
  const names = await horseNamesByIds(
    db,
    rows.flatMap((row) => (row.horseId ? [row.horseId] : [])),
  );
  const withdrawn = await withdrawnHorses(
    db,
    rows.filter((row) => !row.horseId).map((row) => row.id),
  );
  const refunds = await refundsByPayment(
    db,
    rows.map((row) => row.id),
  );
  const transfers = await transferHorsesOf(db, rows);
  return rows.map((row) =>
    view(
      row,
      row.horseId
        ? { id: row.horseId, name: names.get(row.horseId)?.name ?? '', deleted: false }
        : transfers.has(row.id)
          ? // A transfer fee: the horse being transferred (not linked: it may not be theirs yet).
            { id: null, name: transfers.get(row.id)!.name, deleted: false }
          : {
              id: null,
              name: withdrawn.get(row.id)?.name || 'Withdrawn registration',
              deleted: true,
            },
      refunds.get(row.id) ?? [],
    ),
  );
}

/** The member's payments, newest first (at most MY_PAYMENTS_LIMIT). */
export async function myPayments(db: Db, memberId: string): Promise<MemberPayment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.payerId, memberId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(MY_PAYMENTS_LIMIT);
  return labelled(db, rows);
}

/** One of the member's payments with money moved, for its receipt; 404 / 409 otherwise. */
export async function receiptPayment(
  db: Db,
  memberId: string,
  paymentId: string,
): Promise<{ row: PaymentRow; payment: MemberPayment }> {
  if (!isUuid(paymentId)) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.payerId, memberId)));
  // Another member's payment is "not found": its existence is not theirs to learn.
  if (!row) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  const [payment] = await labelled(db, [row]);
  if (!payment?.receipt) throw new HttpError(409, RECEIPT_MESSAGES.noReceipt);
  return { row, payment };
}

/** The payer as a receipt names them (blank when the account is gone). */
export async function receiptPayer(
  db: Db,
  userId: string,
): Promise<{ name: string; email: string; memberNumber: string | null }> {
  const [payer] = await db.select().from(users).where(eq(users.id, userId));
  return {
    name: payer ? fullName(payer) : '',
    email: payer?.email ?? '',
    memberNumber: payer?.memberNumber ?? null,
  };
}
