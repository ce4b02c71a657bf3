import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { PAYMENT_MESSAGES, requiredFeeLines } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horses, payments, type PaymentRow, type PaymentStatus } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/service.js';
import { coveredKeys } from '../horse-repository/fees.js';
import type { ProviderStatus } from './provider.js';
import { refreshPayment, type PaymentDeps } from './service.js';
import { horsePaymentStatus } from './settle.js';

/**
 * Undoing payments (docs/api.md "Payments: undoing"): a payment stuck waiting for the payer is
 * canceled (the member pays another way, an administrator voids it, or the stale-intent job);
 * a settled one is refunded through its provider or, when the office recorded it, voided; and
 * the provider's own refunds and disputes reach the horse. Each is one transaction with its
 * audit entry.
 */

export interface Actor {
  /** null: the stale-intent job or the provider. */
  id: string | null;
  source: 'member' | 'admin' | 'job' | 'webhook';
  ip?: string;
  userAgent?: string;
}

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
 * The horse's payment status once one of its payments is undone (docs/api.md "Payments
 * ledger"). A horse can hold two payments (the registration and a difference owed after an
 * edit), so the undone one alone does not decide: another payment under way or disputed gives
 * its status; another settled one leaves the horse `paid` when it covers every fee line the
 * answers require, else `unpaid` (the rest is owed again, as after an edit); with none left,
 * `fallback` (refunded, or unpaid for a void or cancel).
 */
async function horseAfterUndo(
  tx: Tx,
  horseId: string,
  undoneId: string,
  fallback: { paymentStatus: PaymentStatus; clearMode?: boolean },
): Promise<{ paymentStatus: PaymentStatus; clearMode?: boolean }> {
  const others = await tx
    .select({ status: payments.status, covers: payments.covers })
    .from(payments)
    .where(
      and(
        eq(payments.horseId, horseId),
        ne(payments.id, undoneId),
        inArray(payments.status, ['requires_action', 'processing', 'succeeded', 'disputed']),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const underWay = others.find((other) => other.status !== 'succeeded');
  if (underWay) return { paymentStatus: horsePaymentStatus(underWay.status) };
  if (others.length === 0) return fallback;
  const [row] = await tx
    .select({ details: horses.details })
    .from(horses)
    .where(eq(horses.id, horseId));
  const owed = requiredFeeLines({
    performanceVerification: row?.details.performanceVerification,
    feesPaid: others.flatMap((other) => coveredKeys(other.covers)),
  });
  return { paymentStatus: owed.length > 0 ? 'unpaid' : 'paid' };
}

/**
 * Moves a locked payment from `from` to `to` and the horse with it; false when someone else
 * moved it first (a webhook, another administrator).
 */
async function move(
  tx: Tx,
  row: PaymentRow,
  from: ProviderStatus[],
  to: ProviderStatus,
  horse: { paymentStatus: PaymentStatus; clearMode?: boolean },
  audit: { action: string; actor: Actor; reason: string | null; eventId?: string },
): Promise<boolean> {
  const [locked] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
  if (!locked || !from.includes(locked.status)) return false;
  await tx
    .update(payments)
    .set({
      status: to,
      reversalReason: audit.reason,
      actionUrl: null,
      settlesAt: null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, row.id));
  if (locked.horseId) {
    const after =
      to === 'canceled' || to === 'refunded'
        ? await horseAfterUndo(tx, locked.horseId, locked.id, horse)
        : horse;
    await tx
      .update(horses)
      .set({
        paymentStatus: after.paymentStatus,
        ...(after.clearMode ? { paymentMode: null } : {}),
      })
      .where(eq(horses.id, locked.horseId));
  }
  await recordAudit(tx, {
    action: audit.action,
    success: true,
    actorId: audit.actor.id,
    subject: locked.horseId,
    ip: audit.actor.ip ?? null,
    userAgent: audit.actor.userAgent ?? null,
    details: {
      paymentId: locked.id,
      providerPaymentId: locked.providerPaymentId,
      from: locked.status,
      to,
      amountCents: locked.amountCents,
      source: audit.actor.source,
      ...(audit.reason ? { reason: audit.reason } : {}),
      ...(audit.eventId ? { eventId: audit.eventId } : {}),
    },
  });
  return true;
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
  try {
    await deps.provider.refund(row.providerPaymentId, `registry-refund-${row.id}`);
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
  const moved = await deps.db.transaction((tx) =>
    move(
      tx,
      row,
      ['succeeded', 'disputed'],
      'refunded',
      { paymentStatus: 'refunded' },
      { action: 'payment.refunded', actor, reason },
    ),
  );
  if (!moved) {
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

/** What a provider's charge or dispute event does to a payment. */
export type ChargeEvent =
  { kind: 'refunded' } | { kind: 'dispute-opened' } | { kind: 'dispute-closed'; won: boolean };

/** Applies a refund or dispute made outside the registry (the provider's dashboard). */
export async function applyChargeEvent(
  tx: Tx,
  row: PaymentRow,
  event: ChargeEvent,
  eventId: string,
): Promise<boolean> {
  const actor: Actor = { id: null, source: 'webhook' };
  const audit = (action: string) => ({ action, actor, reason: null, eventId });
  switch (event.kind) {
    case 'refunded':
      return move(
        tx,
        row,
        ['succeeded', 'disputed'],
        'refunded',
        { paymentStatus: 'refunded' },
        audit('payment.refunded'),
      );
    case 'dispute-opened':
      return move(
        tx,
        row,
        ['succeeded'],
        'disputed',
        { paymentStatus: 'disputed' },
        audit('payment.disputed'),
      );
    default:
      return event.won
        ? move(
            tx,
            row,
            ['disputed'],
            'succeeded',
            { paymentStatus: 'paid' },
            audit('payment.dispute_won'),
          )
        : move(
            tx,
            row,
            ['disputed'],
            'refunded',
            { paymentStatus: 'refunded' },
            audit('payment.dispute_lost'),
          );
  }
}
