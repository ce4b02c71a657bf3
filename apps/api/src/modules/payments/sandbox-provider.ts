import { createHash, randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, parseSandboxMethod } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { paymentRefunds, payments, type PaymentRow } from '../../db/schema.js';
import {
  PaymentMethodError,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './provider.js';

export interface SandboxOptions {
  db: Db;
  publicUrl: string;
  bankSettleMs: number;
  now?: () => Date;
}

export const sandboxActionPath = (paymentIntentId: string) =>
  `/api/sandbox/payments/${paymentIntentId}`;

/**
 * The built-in provider (DESIGN §6). The payment method id says how the charge ends, so the
 * outcome is decided without any card data; its state lives in the payments row (the method id
 * is kept as the row's `reference`), which makes it safe with several server instances.
 */
export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());

  /** What a processing bank payment becomes once its settle time has passed. */
  function current(row: PaymentRow): ProviderPayment {
    const base = { providerPaymentId: row.providerPaymentId ?? '' };
    if (row.status !== 'processing' || !row.settlesAt || row.settlesAt > now()) {
      return { ...base, status: row.status, failureMessage: row.failureMessage ?? undefined };
    }
    const outcome = parseSandboxMethod(row.reference ?? '')?.outcome;
    return outcome === 'settles'
      ? { ...base, status: 'succeeded' }
      : { ...base, status: 'failed', failureMessage: PAYMENT_MESSAGES.bankFailed };
  }

  async function rowOf(providerPaymentId: string): Promise<PaymentRow> {
    const [row] = await options.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, providerPaymentId));
    if (!row) throw new Error(`sandbox payment ${providerPaymentId} does not exist`);
    return row;
  }

  return {
    name: 'sandbox',
    async charge(request: ChargeRequest): Promise<ProviderPayment> {
      const method = parseSandboxMethod(request.paymentMethodId);
      if (!method) throw new PaymentMethodError(PAYMENT_MESSAGES.unknownPaymentMethod);
      if (method.kind !== request.method) {
        throw new PaymentMethodError(PAYMENT_MESSAGES.methodMismatch);
      }
      const providerPaymentId = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      switch (method.outcome) {
        case 'succeeds':
          return { providerPaymentId, status: 'succeeded' };
        case 'requires_action':
          return {
            providerPaymentId,
            status: 'requires_action',
            actionUrl: `${options.publicUrl}${sandboxActionPath(providerPaymentId)}`,
          };
        case 'microdeposits':
          return {
            providerPaymentId,
            status: 'requires_action',
            nextAction: 'verify_with_microdeposits',
            actionUrl: `${options.publicUrl}${sandboxActionPath(providerPaymentId)}`,
          };
        case 'declined':
          return {
            providerPaymentId,
            status: 'failed',
            failureMessage: PAYMENT_MESSAGES.cardDeclined,
          };
        default:
          return {
            providerPaymentId,
            status: 'processing',
            settlesAt: new Date(now().getTime() + options.bankSettleMs),
          };
      }
    },
    async retrieve(providerPaymentId: string): Promise<ProviderPayment> {
      return current(await rowOf(providerPaymentId));
    },
    async cancel(providerPaymentId: string): Promise<ProviderPayment> {
      const now = current(await rowOf(providerPaymentId));
      // Like Stripe: only a payment still waiting for the payer can be canceled.
      return now.status === 'requires_action' ? { ...now, status: 'canceled' } : now;
    },
    async refund(providerPaymentId: string, idempotencyKey: string): Promise<ProviderRefund> {
      const row = await rowOf(providerPaymentId);
      if (row.status !== 'succeeded' && row.status !== 'disputed') {
        throw new Error(`sandbox payment ${providerPaymentId} cannot be refunded`);
      }
      // Like Stripe: the rest of the payment, at once. The id follows the key, so a retry
      // answers the same refund.
      return {
        id: `re_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`,
        amountCents: row.amountCents - row.refundedCents,
        status: 'succeeded',
      };
    },
    async listRefunds(providerPaymentId: string): Promise<ProviderRefund[]> {
      // The sandbox's refunds are the ones recorded here: nobody refunds it anywhere else.
      const row = await rowOf(providerPaymentId);
      const rows = await options.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, row.id))
        .orderBy(asc(paymentRefunds.createdAt));
      return rows.map((refund) => ({
        id: refund.id,
        amountCents: refund.amountCents,
        status: refund.status,
        failureReason: refund.failureReason,
      }));
    },
  };
}
