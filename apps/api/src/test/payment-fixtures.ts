import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { horses, payments, type HorseRow } from '../db/schema.js';
import { bearer } from './harness.js';
import { SIGNATURE_DATA_URL } from './multipart.js';

/**
 * Fixtures of the payment suites: a registered horse (registerHorse, the admin fixtures' one) and
 * the billing details of section 17.
 */
export { registerThroughApi as registerHorse } from './admin-fixtures.js';

export function billingInfo(
  method: 'Credit Card' | 'Bank',
  extraBank: Record<string, string> = {},
) {
  return {
    billingAddress: '12 Mill Road\nShelbyville, TN 37160',
    phoneNumber: '(931) 555-0100',
    email: 'payer@example.org',
    accountHolderName: 'Pat Payer',
    accountHolderSignature: SIGNATURE_DATA_URL,
    paymentInfo:
      method === 'Credit Card'
        ? { paymentMethod: method, creditCard: { cardType: 'VISA' } }
        : {
            paymentMethod: method,
            bankAccount: {
              accountType: 'Checking',
              accountName: 'Pat Payer',
              bankName: 'First Test Bank',
              ...extraBank,
            },
          },
  };
}

/**
 * The payment settings of a test app on the sandbox provider (no Stripe keys), with bank debits
 * settling after `sandboxBankSettleMs`.
 */
export function sandboxPayments(sandboxBankSettleMs = 300): Config['payments'] {
  return {
    stripeSecretKey: undefined,
    stripePublishableKey: undefined,
    stripeWebhookSecret: undefined,
    stripeApi: {},
    sandboxBankSettleMs,
  };
}

export const SANDBOX_METHODS = {
  cardSucceeds: 'pm_sandbox_card_succeeds_4242_abcdefgh1234',
  cardRequiresAction: 'pm_sandbox_card_requires_action_3155_abcdefgh1234',
  cardDeclined: 'pm_sandbox_card_declined_0002_abcdefgh1234',
  bankSettles: 'pm_sandbox_bank_settles_6789_abcdefgh1234',
  bankFails: 'pm_sandbox_bank_fails_2227_abcdefgh1234',
} as const;

export function pay(
  app: FastifyInstance,
  token: string,
  horseId: string,
  body: Record<string, unknown>,
  url = `/api/members/payment-process/${horseId}`,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'user-agent': 'PaymentsTest/1.0' },
    payload: body,
  });
}

export function cardPayment(paymentMethodId: string, fees: Record<string, unknown> = {}) {
  return {
    paymentMethodId,
    billingInfo: billingInfo('Credit Card'),
    fees: { registrationFee: 30, prepayDNAFee: false, ...fees },
  };
}

export function bankPayment(paymentMethodId: string) {
  return {
    paymentMethodId,
    billingInfo: billingInfo('Bank'),
    fees: { registrationFee: 30, prepayDNAFee: false },
    checkedAgreement: true,
  };
}

export function statusOf(app: FastifyInstance, token: string, paymentIntentId: string) {
  return app.inject({
    method: 'GET',
    url: `/api/members/stripe/payment-status?paymentIntentId=${encodeURIComponent(paymentIntentId)}`,
    headers: bearer(token),
  });
}

export async function paymentsOf(db: Db, horseId: string) {
  return db.select().from(payments).where(eq(payments.horseId, horseId));
}

export async function horseRow(db: Db, horseId: string): Promise<HorseRow> {
  const [row] = await db.select().from(horses).where(eq(horses.id, horseId));
  if (!row) throw new Error('horse not found');
  return row;
}
