import { and, eq, isNull } from 'drizzle-orm';
import { PAYMENT_MESSAGES, horseDisplayName } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horses, payments, users, type PaymentRow } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { enqueueMail, paymentResultMail } from '../mail/index.js';
import { SETTLED, movesForward, type ProviderStatus } from './provider.js';

/** The one code path that moves a payment on: the Stripe webhook, the sandbox and status reads. */

export interface SettleContext {
  associationName: string;
  /** Wakes the mail worker after the transaction that queued a message has committed. */
  onMailQueued?: () => void;
  /**
   * A transfer fee's payment moved (member-transfers wires this in app.ts): its transfer moves
   * on in the same transaction. Answers whether mail was queued.
   */
  onTransferPayment?: (tx: Tx, row: PaymentRow) => Promise<boolean>;
}

export interface PaymentUpdate {
  status: ProviderStatus;
  failureMessage?: string;
  /** Who or what reported it, for the audit log: 'webhook', 'sandbox', 'status-check', 'charge'. */
  source: string;
  eventId?: string;
}

const HORSE_STATUS = {
  requires_action: 'requires_action',
  processing: 'processing',
  succeeded: 'paid',
  failed: 'failed',
  canceled: 'failed',
  refunded: 'refunded',
  disputed: 'disputed',
} as const;

export const horsePaymentStatus = (status: ProviderStatus) => HORSE_STATUS[status];

async function notifyPayer(tx: Executor, row: PaymentRow, ctx: SettleContext): Promise<boolean> {
  if (!row.payerId) return false;
  const [payer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.payerId));
  if (!payer) return false;
  const [horse] = row.horseId
    ? await tx
        .select({
          approvedName: horses.approvedName,
          firstChoice: horses.firstChoice,
          secondChoice: horses.secondChoice,
          thirdChoice: horses.thirdChoice,
        })
        .from(horses)
        .where(eq(horses.id, row.horseId))
    : [];
  await enqueueMail(
    tx,
    paymentResultMail(payer.email, ctx.associationName, {
      horseName: horse ? horseDisplayName(horse) : 'your horse',
      amountCents: row.amountCents,
      succeeded: row.status === 'succeeded',
      failureMessage: row.failureMessage ?? PAYMENT_MESSAGES.failed,
    }),
  );
  return true;
}

/**
 * Applies a provider status to a payment locked in `tx`. Only forward moves happen: a settled
 * payment stays settled and a late `processing` never undoes a later state, so replayed or
 * out-of-order reports are harmless. Answers the row as it is afterwards, and whether mail was
 * queued.
 */
export async function applyPaymentUpdate(
  tx: Tx,
  paymentId: string,
  update: PaymentUpdate,
  ctx: SettleContext,
): Promise<{ row: PaymentRow; changed: boolean; mailQueued: boolean } | undefined> {
  const [current] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!current) return undefined;
  if (!movesForward(current.status, update.status)) {
    return { row: current, changed: false, mailQueued: false };
  }
  const settled = SETTLED.has(update.status);
  const [row] = await tx
    .update(payments)
    .set({
      status: update.status,
      failureMessage: update.status === 'failed' ? (update.failureMessage ?? null) : null,
      ...(settled ? { settlesAt: null, actionUrl: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId))
    .returning();
  if (!row) return undefined;
  if (row.horseId) {
    await tx
      .update(horses)
      .set({ paymentStatus: horsePaymentStatus(row.status) })
      .where(eq(horses.id, row.horseId));
  }
  let mailQueued = false;
  if (settled) {
    await recordAudit(tx, {
      action: 'payment.settled',
      success: row.status === 'succeeded',
      actorId: null,
      subject: row.horseId,
      details: {
        paymentId: row.id,
        providerPaymentId: row.providerPaymentId,
        status: row.status,
        amountCents: row.amountCents,
        source: update.source,
        ...(update.eventId ? { eventId: update.eventId } : {}),
      },
    });
    if (row.status !== 'canceled') mailQueued = await notifyPayer(tx, row, ctx);
  }
  if (row.transferId && ctx.onTransferPayment) {
    mailQueued = (await ctx.onTransferPayment(tx, row)) || mailQueued;
  }
  return { row, changed: true, mailQueued };
}

/** Finds a payment by the provider's id. */
export async function paymentByProviderId(db: Executor, providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Stripe payment by our own id whose provider id is not recorded yet (see the webhook). */
export async function paymentAwaitingIntent(db: Executor, paymentId: unknown) {
  if (typeof paymentId !== 'string' || !UUID.test(paymentId)) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.provider, 'stripe'),
        isNull(payments.providerPaymentId),
      ),
    );
  return row;
}
