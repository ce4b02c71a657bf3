import { and, desc, eq, inArray } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { payments, type PaymentRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { ProviderRefund, ProviderStatus } from './provider.js';
import { move, type Actor } from './moves.js';
import { recordRefund } from './refund-events.js';
import { refreshPayment, type PaymentDeps } from './service.js';

export type { Actor } from './moves.js';
/**
 * Undoing payments (docs/api.md "Payments: undoing"): a payment stuck waiting for the payer is
 * canceled (the member pays another way, an administrator voids it, or the stale-intent job);
 * a settled one is refunded through its provider or, when the office recorded it, voided; and
 * the provider's own refunds and disputes reach the horse. Each is one transaction with its
 * audit entry.
 */

/** The horse's most recent payment in one of `statuses`, if any. */
async function latestIn(db: Executor, horseId: string, statuses: ProviderStatus[]) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.horseId, horseId), inArray(payments.status, statuses)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/**
 * Cancels the payment waiting for the payer: at the provider first (so it can no longer be
 * approved), then ours; the horse is unpaid again and may be paid another way. If the provider
 * says it went through meanwhile, that is recorded instead and the answer is 409.
 */
export async function cancelWaitingPayment(
  deps: PaymentDeps,
  row: PaymentRow,
  actor: Actor,
  reason: string | null,
): Promise<void> {
  if (row.providerPaymentId && row.provider === deps.provider.name) {
    const there = await deps.provider.cancel(row.providerPaymentId);
    if (there.status !== 'canceled') {
      await refreshPayment(deps, row);
      throw new HttpError(409, PAYMENT_MESSAGES.nothingToCancel);
    }
  }
  const moved = await deps.db.transaction((tx) =>
    move(
      tx,
      row,
      ['requires_action'],
      'canceled',
      { paymentStatus: 'unpaid', clearMode: true },
      { action: 'payment.canceled', actor, reason },
    ),
  );
  if (!moved) throw new HttpError(409, PAYMENT_MESSAGES.nothingToCancel);
}

export async function cancelWaitingPaymentOf(
  deps: PaymentDeps,
  horseId: string,
  actor: Actor,
  reason: string | null,
): Promise<void> {
  const row = await latestIn(deps.db, horseId, ['requires_action']);
  if (!row) throw new HttpError(409, PAYMENT_MESSAGES.nothingToCancel);
  await cancelWaitingPayment(deps, row, actor, reason);
}

export type Reversal = 'canceled' | 'voided' | 'refunded';

/**
 * Someone else moved the payment first (another administrator, the provider's webhook, the
 * payer): the answer names the status it has now (docs/api.md "Payments ledger").
 */
export class PaymentChangedError extends HttpError {
  constructor(
    message: string,
    readonly currentStatus: ProviderStatus,
  ) {
    super(409, message);
  }
}

/** What to say when a reversal finds nothing to do: the horse route's words or the ledger's. */
export interface ReversalWords {
  nothingToCancel: string;
  nothingToReverse: string;
  /** The ledger says the payment changed, with its status now; the horse route does not. */
  changed?: string;
}

const HORSE_WORDS: ReversalWords = {
  nothingToCancel: PAYMENT_MESSAGES.nothingToCancel,
  nothingToReverse: PAYMENT_MESSAGES.nothingToReverse,
};

async function refused(deps: PaymentDeps, row: PaymentRow, words: ReversalWords, message: string) {
  if (!words.changed) return new HttpError(409, message);
  const [now] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
  return new PaymentChangedError(words.changed, now?.status ?? row.status);
}

/**
 * Refunds, voids or cancels one payment (the administrator's undo, with a reason): a payment
 * waiting for the payer is canceled; one the office recorded is voided (nothing moved through a
 * provider); a provider payment is refunded in full. Answers which of the three happened. The
 * horse's status follows all its payments, not only this one (horseAfterUndo).
 */
export async function reversePaymentRow(
  deps: PaymentDeps,
  row: PaymentRow,
  actor: Actor,
  reason: string,
  words: ReversalWords = HORSE_WORDS,
): Promise<Reversal> {
  if (row.status === 'requires_action') {
    try {
      await cancelWaitingPayment(deps, row, actor, reason);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) {
        throw await refused(deps, row, words, words.nothingToCancel);
      }
      throw error;
    }
    return 'canceled';
  }
  if (row.status !== 'succeeded' && row.status !== 'disputed') {
    throw await refused(deps, row, words, words.nothingToReverse);
  }
  if (row.provider === 'offline') {
    const moved = await deps.db.transaction((tx) =>
      move(
        tx,
        row,
        ['succeeded'],
        'canceled',
        { paymentStatus: 'unpaid', clearMode: true },
        { action: 'payment.voided', actor, reason },
      ),
    );
    if (!moved) throw await refused(deps, row, words, words.nothingToReverse);
    return 'voided';
  }
  if (!row.providerPaymentId || row.provider !== deps.provider.name) {
    throw new HttpError(409, words.nothingToReverse);
  }
  let refund: ProviderRefund;
  try {
    refund = await deps.provider.refund(row.providerPaymentId, `registry-refund-${row.id}`);
  } catch (error) {
    // Refunded meanwhile (a second administrator, the provider's dashboard): not a failure.
    const [now] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
    if (words.changed && now && now.status !== row.status) {
      throw new PaymentChangedError(words.changed, now.status);
    }
    deps.log.error(
      { paymentId: row.id, err: { message: (error as Error).message } },
      'refund failed at the provider',
    );
    throw new HttpError(502, PAYMENT_MESSAGES.processFailed);
  }
  // The refund row and the move in one transaction: the provider's own event for the same
  // refund (charge.refunded) then finds it recorded and counts it once.
  const recorded = await deps.db.transaction((tx) =>
    recordRefund(tx, row, refund, { actor, reason }),
  );
  if (recorded.failed) throw new HttpError(502, PAYMENT_MESSAGES.processFailed);
  if (!recorded.moved) {
    // A charge.refunded webhook or a second administrator recorded it first: the refund
    // happened once either way (the provider's idempotency key). The ledger, whose caller
    // named the status it saw, is told it changed; the horse route answers as before.
    if (words.changed) throw await refused(deps, row, words, words.nothingToReverse);
    deps.log.info({ paymentId: row.id }, 'refund already recorded');
  }
  return 'refunded';
}

/**
 * The horse route's undo: its latest payment waiting for the payer, else its latest settled
 * one (docs/api.md "Payments: undoing").
 */
export async function reversePayment(
  deps: PaymentDeps,
  horseId: string,
  actor: Actor,
  reason: string,
): Promise<Reversal> {
  const row =
    (await latestIn(deps.db, horseId, ['requires_action'])) ??
    (await latestIn(deps.db, horseId, ['succeeded', 'disputed']));
  if (!row) throw new HttpError(409, PAYMENT_MESSAGES.nothingToReverse);
  return reversePaymentRow(deps, row, actor, reason);
}
