import Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '@registry/domain';
import {
  PaymentMethodError,
  idempotencyKeyFor,
  refundStatusOf,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderStatus,
} from './provider.js';
import { STRIPE_API_VERSION } from './stripe-version.js';

export interface StripeProviderOptions {
  secretKey: string;
  /** Tests and local fakes point stripe-node elsewhere. */
  api: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

/** Stripe's PaymentIntent statuses in our five. */
export function mapStripeStatus(status: Stripe.PaymentIntent.Status): ProviderStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    // After a confirm attempt, "needs a payment method" means that attempt failed.
    default:
      return 'failed';
  }
}

function actionUrlOf(intent: Stripe.PaymentIntent): string | undefined {
  const next = intent.next_action;
  return (
    next?.redirect_to_url?.url ??
    next?.verify_with_microdeposits?.hosted_verification_url ??
    undefined
  );
}

/** The id of an expandable field: the id itself, or the expanded object's. */
function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

export function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const status = mapStripeStatus(intent.status);
  const microdeposits = intent.next_action?.type === 'verify_with_microdeposits';
  const providerMethodId = idOf(intent.payment_method);
  return {
    providerPaymentId: intent.id,
    status,
    ...(providerMethodId ? { providerMethodId } : {}),
    ...(status === 'requires_action'
      ? {
          actionUrl: actionUrlOf(intent),
          ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
          ...(microdeposits ? { nextAction: 'verify_with_microdeposits' as const } : {}),
        }
      : {}),
    ...(status === 'failed'
      ? { failureMessage: intent.last_payment_error?.message ?? PAYMENT_MESSAGES.failed }
      : {}),
  };
}

export function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: refundStatusOf(refund.status),
    failureReason: refund.failure_reason ?? null,
  };
}

/** The client's options: the pinned API version first (tests read them). */
export function stripeClientOptions(options: StripeProviderOptions) {
  return {
    ...options.api,
    apiVersion: STRIPE_API_VERSION,
    // Retries reuse the idempotency key, so a lost answer never becomes a second charge.
    maxNetworkRetries: 2,
    timeout: 30_000,
  } satisfies Stripe.StripeConfig;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, stripeClientOptions(options));

  return {
    name: 'stripe',
    async charge(request: ChargeRequest): Promise<ProviderPayment> {
      // The Payment Element's ConfirmationToken (a card, or a bank account it linked), or a
      // PaymentMethod made without the Element (the office's typed bank account).
      const source = request.paymentMethodId.startsWith('ctoken_')
        ? { confirmation_token: request.paymentMethodId }
        : { payment_method: request.paymentMethodId };
      const params: Stripe.PaymentIntentCreateParams = {
        amount: request.amountCents,
        currency: request.currency,
        ...source,
        // Explicit types: no Dashboard setting can add a method we do not handle. stripe-node 23
        // (API 2026-10-28) names this allowed_payment_method_types.
        // Link comes with the Payment Element's card form (the web lists the same types).
        allowed_payment_method_types:
          request.method === 'bank' ? ['us_bank_account'] : ['card', 'link'],
        confirm: true,
        return_url: request.returnUrl,
        description: request.description,
        metadata: request.metadata,
      };
      if (request.method === 'bank') {
        // Financial Connections (instant) first; microdeposits only when the bank cannot be
        // linked that way. The member's account comes as the Payment Element's ConfirmationToken,
        // the office's typed one as a PaymentMethod; both carry the mandate we store
        // (docs/decisions/0070-payment-element-and-in-page-verification.md).
        params.payment_method_options = {
          us_bank_account: { verification_method: 'automatic' },
        };
        params.mandate_data = {
          customer_acceptance:
            request.mandateAcceptance === 'offline'
              ? { type: 'offline', offline: {} }
              : {
                  type: 'online',
                  online: { ip_address: request.customerIp, user_agent: request.userAgent },
                },
        };
      }
      try {
        const intent = await stripe.paymentIntents.create(params, {
          idempotencyKey: idempotencyKeyFor(request.paymentId),
        });
        return toProviderPayment(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent as Stripe.PaymentIntent | undefined;
          return {
            providerPaymentId: intent?.id ?? `declined_${request.paymentId}`,
            status: 'failed',
            failureMessage: error.message,
          };
        }
        // A payment method id Stripe does not know (or of the wrong type): the payer's input.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          (error.param === 'payment_method' || error.param === 'confirmation_token')
        ) {
          throw new PaymentMethodError(error.message);
        }
        throw error;
      }
    },
    async retrieve(providerPaymentId: string): Promise<ProviderPayment> {
      return toProviderPayment(await stripe.paymentIntents.retrieve(providerPaymentId));
    },
    async cancel(providerPaymentId: string): Promise<ProviderPayment> {
      try {
        return toProviderPayment(
          await stripe.paymentIntents.cancel(providerPaymentId, {
            cancellation_reason: 'abandoned',
          }),
        );
      } catch (error) {
        // Stripe refuses to cancel an intent that moved on (succeeded, processing): report
        // where it is instead, so the caller does not cancel our record of a real payment.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return toProviderPayment(await stripe.paymentIntents.retrieve(providerPaymentId));
        }
        throw error;
      }
    },
    async refund(providerPaymentId: string, idempotencyKey: string): Promise<ProviderRefund> {
      // No amount: Stripe refunds what is left, after any partial refund made in its dashboard.
      const refund = await stripe.refunds.create(
        { payment_intent: providerPaymentId, reason: 'requested_by_customer' },
        { idempotencyKey },
      );
      return toProviderRefund(refund);
    },
    async listRefunds(providerPaymentId: string): Promise<ProviderRefund[]> {
      // A charge is refunded a few times at most; 100 is Stripe's page and far more than enough.
      const list = await stripe.refunds.list({ payment_intent: providerPaymentId, limit: 100 });
      return list.data.map(toProviderRefund);
    },
  };
}
