import { z } from 'zod';
import type { PaymentRow } from '../../db/schema.js';

/** A payment as administrators see it (docs/api.md "Payments"); no card or account number exists to show. */
export const paymentViewSchema = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  providerPaymentId: z.string().nullable(),
  amountCents: z.number().int(),
  status: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  failureMessage: z.string().nullable(),
  reversalReason: z.string().nullable(),
  recordedById: z.string().nullable(),
  /** The ACH authorisation kept with a bank debit; null otherwise. */
  mandate: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export function paymentView(row: PaymentRow): z.infer<typeof paymentViewSchema> {
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
