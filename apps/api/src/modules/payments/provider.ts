import { REFUND_STATUSES, type PaymentRecordStatus, type RefundStatus } from '@registry/domain';

/**
 * What the payment routes need from a payment provider (DESIGN §6). The sandbox and Stripe
 * implement it; the rest of the module never knows which one it talks to.
 */

/** The provider's states of a payment are the states we store (contract/statuses.ts). */
export type ProviderStatus = PaymentRecordStatus;
export type ChargeMethod = 'card' | 'bank';

export interface ChargeRequest {
  /** Our payments row id; the idempotency key is derived from it, so a retry never charges twice. */
  paymentId: string;
  amountCents: number;
  currency: string;
  /**
   * What the browser made: a Stripe ConfirmationToken (`ctoken_`, the Payment Element: a card,
   * or the member's bank account linked through Financial Connections) or a PaymentMethod
   * (`pm_`: the office's keyed-in bank account, the sandbox's ids).
   */
  paymentMethodId: string;
  method: ChargeMethod;
  /** The payer's IP address and browser: the online acceptance of an ACH debit mandate. */
  customerIp: string;
  userAgent: string;
  /**
   * Who took the ACH authorisation: the payer on our page (`online`), or the office from the
   * account holder by phone or on paper (`offline`, an administrator's charge).
   */
  mandateAcceptance: 'online' | 'offline';
  /** Where the provider sends the payer after an approval step. */
  returnUrl: string;
  description: string;
  metadata: { horseId: string; paymentId: string };
}

export interface ProviderPayment {
  providerPaymentId: string;
  status: ProviderStatus;
  /** Where the payer approves a payment that requires action. */
  actionUrl?: string;
  /**
   * Stripe: the PaymentIntent's client secret while it requires action, handed only to the
   * payer's browser for `stripe.handleNextAction` (never stored).
   */
  clientSecret?: string;
  /**
   * The bank account must be verified by microdeposits first (issue 17 item 4): the payer is
   * emailed the link (`actionUrl`) and nobody polls; it takes one or two business days.
   */
  nextAction?: 'verify_with_microdeposits';
  failureMessage?: string;
  /** Sandbox only: when a processing bank payment settles. */
  settlesAt?: Date;
  /**
   * The provider's payment method once the payment has one (Stripe `pm_...`, also when the
   * browser sent a ConfirmationToken): mandate and detach events name it.
   */
  providerMethodId?: string;
}

/** One refund at the provider (Stripe's Refund object, in our words). */
export interface ProviderRefund {
  /** Stripe `re_...`; the sandbox `re_sandbox_...`. */
  id: string;
  amountCents: number;
  status: RefundStatus;
  failureReason?: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Creates and confirms a charge. A payment the provider refuses (declined card) answers with
   * status `failed`; only an unexpected failure (network, configuration) throws.
   */
  charge(request: ChargeRequest): Promise<ProviderPayment>;
  /** The provider's current view of a payment. */
  retrieve(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * Cancels a payment still waiting for the payer (requires_action). Answers the provider's
   * view afterwards: `canceled`, or the status it reached first (it succeeded meanwhile).
   */
  cancel(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * Returns what is left of a succeeded payment (all of it, less earlier partial refunds); the
   * key makes a retry refund once. Answers the refund as the provider recorded it.
   */
  refund(providerPaymentId: string, idempotencyKey: string): Promise<ProviderRefund>;
  /**
   * Every refund of a payment, as the provider has them now: the truth a `charge.refunded`
   * event points at (its charge no longer lists them).
   */
  listRefunds(providerPaymentId: string): Promise<ProviderRefund[]>;
}

/** Stripe's refund statuses are ours; one it may add later counts as still pending. */
export function refundStatusOf(status: string | null | undefined): RefundStatus {
  return (REFUND_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as RefundStatus)
    : 'pending';
}

/** A payment method the provider cannot take at all: answered with 400, nothing is charged. */
export class PaymentMethodError extends Error {}

export const idempotencyKeyFor = (paymentId: string) => `registry-payment-${paymentId}`;

/**
 * Settled payments never change again through a status report; refunds, disputes and voids
 * move them on their own path (reversals.ts).
 */
export const SETTLED: ReadonlySet<ProviderStatus> = new Set([
  'succeeded',
  'failed',
  'canceled',
  'refunded',
  'disputed',
]);

const RANK: Record<ProviderStatus, number> = {
  requires_action: 0,
  processing: 1,
  succeeded: 2,
  failed: 2,
  canceled: 2,
  refunded: 3,
  disputed: 3,
};

/** Whether moving from `from` to `to` goes forward: late or replayed updates never go back. */
export function movesForward(from: ProviderStatus, to: ProviderStatus): boolean {
  return !SETTLED.has(from) && RANK[to] > RANK[from];
}
