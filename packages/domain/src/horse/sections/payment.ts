import { z } from 'zod';
import { emailField } from '../../auth.js';
import { FEES } from '../../constants.js';
import {
  ACCOUNT_TYPES,
  CARD_TYPES,
  COUNTRIES,
  DEFAULT_COUNTRY,
  LONG_TEXT_MAX,
  PAYMENT_METHODS,
  SHORT_TEXT_MAX,
} from '../constants.js';
import { isAccountNumber, isRoutingNumber } from '../bank.js';
import type { IssueSink, SectionContext } from '../context.js';
import {
  isRecord,
  mustBeTrue,
  optionalChoice,
  optionalText,
  requiredChoice,
  requiredText,
  signatureField,
  whenObject,
} from '../fields.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';
import {
  BILLING_FIELD_LABELS as BILLING,
  PAYMENT_FIELD_LABELS as PAYMENT,
} from '../payment-fields.js';

/** Digits with the usual separators; 10 to 15 digits covers US numbers with or without +1. */
function isPhoneNumber(value: string): boolean {
  if (!/^[\d\s()+.-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

/**
 * The amounts are what the form displays; the server recomputes every charge with `feesFor`,
 * so they are not trusted or cross-checked here.
 */
export const feesSchema = z.object({
  registrationFee: z.literal(FEES.registration, { error: HORSE_MESSAGES.registrationFeeFixed }),
  prepayDNAFee: z.boolean(),
  prepayDNAFeeAmount: z.number().nonnegative().optional(),
  verification_fees: z.number().nonnegative().optional(),
});

const shortText = (label: string) =>
  optionalText(SHORT_TEXT_MAX, tooLongMessage(label, SHORT_TEXT_MAX));

/** Card number, expiry and CVV never reach this object: they stay in the provider's fields. */
const creditCardSchema = z.object({ cardType: optionalChoice(CARD_TYPES, PAYMENT.cardType) });

/** Optional here because only a Bank payment needs them (see checkPaymentDetails). */
const bankAccountSchema = z.object({
  accountType: optionalChoice(ACCOUNT_TYPES, PAYMENT.accountType),
  accountName: shortText(PAYMENT.accountName),
  bankName: shortText(PAYMENT.bankName),
  routingNumber: shortText(PAYMENT.routingNumber),
  accountNumber: shortText(PAYMENT.accountNumber),
});

type BankField = keyof z.output<typeof bankAccountSchema>;
const BANK_REQUIRED: ReadonlyArray<[BankField, string]> = [
  ['accountType', HORSE_MESSAGES.accountTypeRequired],
  ['accountName', HORSE_MESSAGES.accountNameRequired],
  ['bankName', HORSE_MESSAGES.bankNameRequired],
  ['routingNumber', HORSE_MESSAGES.routingNumberRequired],
  ['accountNumber', HORSE_MESSAGES.accountNumberRequired],
];
const TYPED_NUMBERS: ReadonlySet<BankField> = new Set(['routingNumber', 'accountNumber']);

/**
 * The details of the method not chosen are ignored, so switching methods never blocks saving.
 * With `bankAccountByProvider` the routing and account numbers are not the form's to check.
 */
function checkPaymentDetails(
  value: Record<string, unknown>,
  sink: IssueSink,
  bankAccountByProvider = false,
): void {
  const text = (group: unknown, key: string) => {
    const field = isRecord(group) ? group[key] : undefined;
    return typeof field === 'string' ? field.trim() : '';
  };
  const add = (path: PropertyKey[], message: string) =>
    sink.addIssue({ code: 'custom', message, path });

  if (value.paymentMethod === 'Credit Card' && text(value.creditCard, 'cardType') === '') {
    add(['creditCard', 'cardType'], HORSE_MESSAGES.cardTypeRequired);
  }
  if (value.paymentMethod !== 'Bank') return;
  for (const [key, message] of BANK_REQUIRED) {
    if (bankAccountByProvider && TYPED_NUMBERS.has(key)) continue;
    if (text(value.bankAccount, key) === '') add(['bankAccount', key], message);
  }
  if (bankAccountByProvider) return;
  const routing = text(value.bankAccount, 'routingNumber');
  if (routing !== '' && !isRoutingNumber(routing)) {
    add(['bankAccount', 'routingNumber'], HORSE_MESSAGES.routingNumberInvalid);
  }
  const account = text(value.bankAccount, 'accountNumber');
  if (account !== '' && !isAccountNumber(account)) {
    add(['bankAccount', 'accountNumber'], HORSE_MESSAGES.accountNumberInvalid);
  }
}

function buildPaymentInfoSchema(bankAccountByProvider: boolean) {
  return z
    .object({
      paymentMethod: requiredChoice(
        PAYMENT_METHODS,
        HORSE_MESSAGES.paymentMethodRequired,
        PAYMENT.paymentMethod,
      ),
      creditCard: creditCardSchema.optional(),
      bankAccount: bankAccountSchema.optional(),
    })
    .superRefine(
      (value, sink) => checkPaymentDetails(value, sink, bankAccountByProvider),
      whenObject,
    );
}

function buildBillingInfoSchema(bankAccountByProvider: boolean) {
  return z.object({
    billingAddress: requiredText(
      HORSE_MESSAGES.billingAddressRequired,
      LONG_TEXT_MAX,
      BILLING.billingAddress,
    ),
    country: z.enum(COUNTRIES, { error: HORSE_MESSAGES.countryInvalid }).default(DEFAULT_COUNTRY),
    phoneNumber: requiredText(HORSE_MESSAGES.phoneNumberRequired, 30, BILLING.phoneNumber).refine(
      (phone) => phone === '' || isPhoneNumber(phone),
      HORSE_MESSAGES.phoneNumberInvalid,
    ),
    email: emailField,
    accountHolderName: requiredText(
      HORSE_MESSAGES.accountHolderNameRequired,
      SHORT_TEXT_MAX,
      BILLING.accountHolderName,
    ),
    accountHolderSignature: signatureField(HORSE_MESSAGES.accountHolderSignatureRequired),
    paymentInfo: buildPaymentInfoSchema(bankAccountByProvider),
  });
}

/** The spec's form: the bank account typed in (the sandbox; what the server's variant derives from). */
export const paymentInfoSchema = buildPaymentInfoSchema(false);
export const billingInfoSchema = buildBillingInfoSchema(false);

/** Form section 17, registration only: edits are not charged. */
export function paymentShape(ctx?: Pick<SectionContext, 'bankAccountByProvider'>) {
  return {
    fees: feesSchema,
    billingInfo: ctx?.bankAccountByProvider ? buildBillingInfoSchema(true) : billingInfoSchema,
    checkedAgreement: mustBeTrue(HORSE_MESSAGES.termsRequired),
  };
}

export type HorseFees = z.output<typeof feesSchema>;
export type BillingInfo = z.output<typeof billingInfoSchema>;
export type PaymentInfo = z.output<typeof paymentInfoSchema>;
