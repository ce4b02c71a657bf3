import { asc, inArray } from 'drizzle-orm';
import {
  disputeOutcome,
  type PaymentAgreement,
  type PaymentDispute,
  type PaymentRefund,
} from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { paymentRefunds, type PaymentRow } from '../../db/schema.js';

/*
 * What the ledger, My payments and the receipt show beside a payment's status (issue 33 §3):
 * its refunds, its dispute and what the payer agreed to.
 */

/** The refunds of these payments, oldest first, by payment id (one query). */
export async function refundsByPayment(
  db: Executor,
  paymentIds: string[],
): Promise<Map<string, PaymentRefund[]>> {
  const found = new Map<string, PaymentRefund[]>();
  if (paymentIds.length === 0) return found;
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentId, paymentIds))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  for (const row of rows) {
    const list = found.get(row.paymentId) ?? [];
    list.push({
      id: row.id,
      amountCents: row.amountCents,
      status: row.status,
      failureReason: row.failureReason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    found.set(row.paymentId, list);
  }
  return found;
}

export function disputeView(row: PaymentRow): PaymentDispute | null {
  const dispute = row.dispute as { status?: unknown; amountCents?: unknown } | null;
  if (!dispute || typeof dispute.status !== 'string') return null;
  const outcome = disputeOutcome(dispute.status);
  if (!outcome) return null;
  return {
    status: dispute.status,
    amountCents: typeof dispute.amountCents === 'number' ? dispute.amountCents : null,
    outcome,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The agreement of a payment: its own record, or for a bank debit made before every payment
 * kept one, what its ACH mandate says. Null for the office's records and older card payments.
 */
export function agreementView(row: PaymentRow): PaymentAgreement | null {
  const agreement = row.agreement;
  const mandate = row.mandate;
  if (!agreement && !mandate) return null;
  const source = agreement ?? mandate ?? {};
  return {
    checkedAgreement: source.checkedAgreement === true,
    termsVersion: text(agreement?.termsVersion),
    mandateVersion: text(agreement?.mandateVersion) ?? text(mandate?.version),
    mandateStatus: mandate ? (mandate.status === 'revoked' ? 'revoked' : 'active') : null,
    acceptedAt: text(source.acceptedAt),
    acceptance: source.acceptance === 'office' ? 'office' : 'online',
  };
}
