import { and, desc, eq, inArray } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horses, payments, type PaymentRow, type PaymentStatus } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/service.js';
import type { ProviderStatus } from './provider.js';
import { refreshPayment, type PaymentDeps } from './service.js';

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
    await tx
      .update(horses)
      .set({
        paymentStatus: horse.paymentStatus,
        ...(horse.clearMode ? { paymentMode: null } : {}),
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
 * The administrator's undo, with a reason: a payment waiting for the payer is canceled; one the
 * office recorded is voided (nothing moved through a provider); a provider payment is refunded
 * in full. Answers which of the three happened.
 */
export async function reversePayment(
  deps: PaymentDeps,
  horseId: string,
  actor: Actor,
  reason: string,
): Promise<Reversal> {
  const waiting = await latestIn(deps.db, horseId, ['requires_action']);
  if (waiting) {
    await cancelWaitingPayment(deps, waiting, actor, reason);
    return 'canceled';
  }
  const settled = await latestIn(deps.db, horseId, ['succeeded', 'disputed']);
  if (!settled) throw new HttpError(409, PAYMENT_MESSAGES.nothingToReverse);
  if (settled.provider === 'offline') {
    const moved = await deps.db.transaction((tx) =>
      move(
        tx,
        settled,
        ['succeeded'],
        'canceled',
        { paymentStatus: 'unpaid', clearMode: true },
        { action: 'payment.voided', actor, reason },
      ),
    );
    if (!moved) throw new HttpError(409, PAYMENT_MESSAGES.nothingToReverse);
    return 'voided';
  }
  if (!settled.providerPaymentId || settled.provider !== deps.provider.name) {
    throw new HttpError(409, PAYMENT_MESSAGES.nothingToReverse);
  }
  try {
    await deps.provider.refund(settled.providerPaymentId, `registry-refund-${settled.id}`);
  } catch (error) {
    deps.log.error(
      { paymentId: settled.id, err: { message: (error as Error).message } },
      'refund failed at the provider',
    );
    throw new HttpError(502, PAYMENT_MESSAGES.processFailed);
  }
  const moved = await deps.db.transaction((tx) =>
    move(
      tx,
      settled,
      ['succeeded', 'disputed'],
      'refunded',
      { paymentStatus: 'refunded' },
      { action: 'payment.refunded', actor, reason },
    ),
  );
  // A charge.refunded webhook may have recorded it first: the refund happened either way.
  if (!moved) deps.log.info({ paymentId: settled.id }, 'refund already recorded');
  return 'refunded';
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
