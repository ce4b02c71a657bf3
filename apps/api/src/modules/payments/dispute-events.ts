import { eq } from 'drizzle-orm';
import { disputeOutcome, type DisputeOutcome } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { payments, type PaymentRow } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { move, type Actor, type MoveAudit } from './moves.js';

/*
 * Disputes and inquiries (docs/api.md "Payments: undoing"), from every `charge.dispute.*`
 * event: the dispute's status decides, not the event's name, so `created`, `updated`,
 * `funds_withdrawn`, `funds_reinstated` and `closed` all say where it stands. While open (an
 * inquiry too) the payment and the horse are `disputed`; won, prevented and an inquiry closed
 * without a chargeback (`warning_closed`) give them back (`succeeded`, the horse paid); lost
 * makes the payment `refunded` (the card network took the money). An appeal opens a lost one
 * again.
 */

export interface DisputeReport {
  /** Stripe's `dp_...` (or `du_...`). */
  id: string;
  status: string;
  amountCents: number | null;
  /** The event's `created` (seconds): a report older than the one kept is ignored. */
  eventAt: number;
}

interface StoredDispute {
  id?: unknown;
  status?: unknown;
  outcome?: unknown;
  eventAt?: unknown;
}

/** Whether `report` is older than what we hold: out-of-order or replayed deliveries. */
function isStale(stored: StoredDispute | null, report: DisputeReport, outcome: DisputeOutcome) {
  if (!stored || stored.id !== report.id) return false;
  if (stored.status === report.status) return true;
  const at = typeof stored.eventAt === 'number' ? stored.eventAt : 0;
  if (report.eventAt < at) return true;
  // The same second: a closed dispute is not reopened by an open report of that second.
  return report.eventAt === at && outcome === 'open' && stored.outcome !== 'open';
}

const WEBHOOK: Actor = { id: null, source: 'webhook' };

/** Applies one dispute report to `row` in the caller's transaction; false when nothing changed. */
export async function applyDispute(
  tx: Tx,
  row: PaymentRow,
  report: DisputeReport,
  eventId: string,
): Promise<boolean> {
  const outcome = disputeOutcome(report.status);
  // A status Stripe may add later: acknowledged, nothing guessed.
  if (!outcome) return false;
  const [locked] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
  if (!locked) return false;
  const stored = locked.dispute as StoredDispute | null;
  if (isStale(stored, report, outcome)) return false;

  const dispute = { ...report, outcome };
  await tx
    .update(payments)
    .set({ dispute, updatedAt: new Date() })
    .where(eq(payments.id, locked.id));
  const current = { ...locked, dispute };
  const wasLost = stored?.outcome === 'lost';
  const audit = (action: string): MoveAudit => ({
    action,
    actor: WEBHOOK,
    reason: null,
    eventId,
    details: {
      disputeId: report.id,
      disputeStatus: report.status,
      ...(report.amountCents !== null ? { disputeCents: report.amountCents } : {}),
    },
  });

  let moved = false;
  if (outcome === 'open') {
    // A refunded payment comes back only through an appeal of a lost dispute; one the office
    // refunded cannot be disputed at all (the card network refuses it).
    const from: PaymentRow['status'][] = wasLost ? ['succeeded', 'refunded'] : ['succeeded'];
    moved = await move(
      tx,
      current,
      from,
      'disputed',
      { paymentStatus: 'disputed' },
      audit('payment.disputed'),
    );
  } else if (outcome === 'kept') {
    const from: PaymentRow['status'][] = wasLost ? ['disputed', 'refunded'] : ['disputed'];
    moved = await move(
      tx,
      current,
      from,
      'succeeded',
      { paymentStatus: 'paid' },
      audit('payment.dispute_won'),
    );
  } else {
    moved = await move(
      tx,
      current,
      ['succeeded', 'disputed'],
      'refunded',
      { paymentStatus: 'refunded' },
      audit('payment.dispute_lost'),
    );
  }
  if (!moved) {
    // The status stays (already there, or a refund or a new payment stands in the way); the
    // dispute's own step is still on record.
    const entry = audit('payment.dispute_updated');
    await recordAudit(tx, {
      action: entry.action,
      success: true,
      actorId: null,
      subject: current.horseId,
      details: {
        paymentId: current.id,
        providerPaymentId: current.providerPaymentId,
        status: current.status,
        source: 'webhook',
        eventId,
        ...entry.details,
      },
    });
  }
  return true;
}
