import { z } from 'zod';
import { HORSE_MESSAGES } from '../horse/messages.js';
import { billingInfoSchema, paymentInfoSchema } from '../horse/sections/payment.js';
import { PAYMENT_MESSAGES } from './messages.js';

/**
 * Billing details as the server takes them with a payment. The form's schema asks for routing
 * and account numbers (the browser needs them to create the bank payment method); the server
 * must never receive them, so this variant refuses them instead of requiring them.
 */

const { paymentMethod, creditCard, bankAccount } = paymentInfoSchema.shape;
const bankShape = bankAccount.unwrap().shape;

const FORBIDDEN_BANK_KEYS = ['routingNumber', 'accountNumber'] as const;

const serverBankAccountSchema = z
  .object({
    accountType: bankShape.accountType,
    accountName: bankShape.accountName,
    bankName: bankShape.bankName,
  })
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    for (const key of FORBIDDEN_BANK_KEYS) {
      const sent = value[key];
      if (sent !== undefined && sent !== null && sent !== '') {
        ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.bankNumbersRefused, path: [key] });
      }
    }
  });

const BANK_REQUIRED = [
  ['accountType', HORSE_MESSAGES.accountTypeRequired],
  ['accountName', HORSE_MESSAGES.accountNameRequired],
  ['bankName', HORSE_MESSAGES.bankNameRequired],
] as const;

export const serverPaymentInfoSchema = z
  .object({ paymentMethod, creditCard, bankAccount: serverBankAccountSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.paymentMethod !== 'Bank') return;
    for (const [key, message] of BANK_REQUIRED) {
      const text = value.bankAccount?.[key];
      if (typeof text !== 'string' || text.trim() === '') {
        ctx.addIssue({ code: 'custom', message, path: ['bankAccount', key] });
      }
    }
  });

export const serverBillingInfoSchema = z.object({
  ...billingInfoSchema.shape,
  paymentInfo: serverPaymentInfoSchema,
});

export type ServerBillingInfo = z.output<typeof serverBillingInfoSchema>;

/** What the payments table keeps: the checked billing details, with only known bank fields. */
export function storableBilling(billing: ServerBillingInfo) {
  const { paymentInfo, ...rest } = billing;
  const bank = paymentInfo.bankAccount;
  return {
    ...rest,
    paymentInfo: {
      paymentMethod: paymentInfo.paymentMethod,
      ...(paymentInfo.creditCard
        ? { creditCard: { cardType: paymentInfo.creditCard.cardType } }
        : {}),
      ...(bank
        ? {
            bankAccount: {
              accountType: bank.accountType,
              accountName: bank.accountName,
              bankName: bank.bankName,
            },
          }
        : {}),
    },
  };
}
