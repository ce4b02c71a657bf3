import { z } from 'zod';
import { PAYMENT_MESSAGES } from './messages.js';

/** What the office records itself: a payment taken outside the provider. */
export const OFFICE_METHODS = ['check', 'cash', 'other'] as const;
export const PAYMENT_REASON_MAX = 500;

// The schemas are built inside functions: a bundler keeps a module's top-level zod objects
// once anything of the module is used (docs/decisions/0064-zod-off-the-first-paint.md).

/** Undoing a payment (POST admin/payment-void): the reason the audit log keeps. */
export function buildPaymentReversalSchema() {
  return z.object({
    reason: z
      .string({ error: PAYMENT_MESSAGES.reasonRequired })
      .trim()
      .min(1, PAYMENT_MESSAGES.reasonRequired)
      .max(PAYMENT_REASON_MAX),
  });
}

const holderName = (message: string) => z.string().trim().min(1, message).max(200);
const bankNumber = z.string().trim().min(1, PAYMENT_MESSAGES.bankNumbersRequired);

/**
 * The office's payment dialog: a payment taken at the office (check, cash, other), or a
 * charge through the provider with the holder's name; a bank debit also needs the typed
 * numbers and the holder's authorisation. The card's own details stay in the provider's
 * fields and are checked there.
 */
export function buildOfficePaymentSchema() {
  const prepayDNAFee = z.boolean();
  return z.discriminatedUnion('method', [
    z.object({
      method: z.enum(OFFICE_METHODS),
      reference: z.string().trim().max(200),
      note: z.string().trim().max(2000),
      prepayDNAFee,
    }),
    z.object({
      method: z.literal('card'),
      holderName: holderName(PAYMENT_MESSAGES.cardHolderRequired),
      prepayDNAFee,
    }),
    z.object({
      method: z.literal('bank'),
      holderName: holderName(PAYMENT_MESSAGES.accountHolderRequired),
      bank: z.object({
        accountType: z.string(),
        routingNumber: bankNumber,
        accountNumber: bankNumber,
      }),
      authorized: z.literal(true, { error: PAYMENT_MESSAGES.agreementRequired }),
      prepayDNAFee,
    }),
  ]);
}

export type OfficePaymentInput = z.output<ReturnType<typeof buildOfficePaymentSchema>>;
export type PaymentReversalInput = z.output<ReturnType<typeof buildPaymentReversalSchema>>;
