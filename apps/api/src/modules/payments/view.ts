import type { Payment } from '@registry/domain';
import type { PaymentRow } from '../../db/schema.js';

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    provider: row.provider,
    method: row.method,
    providerPaymentId: row.providerPaymentId,
    amountCents: row.amountCents,
    status: row.status,
    // Provider payments keep their method id in `reference`; that is not an office reference.
    reference: row.provider === 'offline' ? row.reference : null,
    note: row.note,
    failureMessage: row.failureMessage,
    reversalReason: row.reversalReason,
    recordedById: row.recordedById,
    mandate: row.mandate ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
