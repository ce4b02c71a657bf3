import { z } from 'zod';
import { refundStatusOf, type ProviderRefund, type ProviderStatus } from './provider.js';

/*
 * What the Stripe webhook reads of each event it handles (docs/api.md "Payments: Stripe
 * events"). The signature proves Stripe sent an event, not that it has the shape we expect (a
 * test event, an API version we do not know, a hand-signed payload): an event of a type we
 * handle without the fields we read is refused with 400 instead of failing inside the
 * transaction. Every other type is acknowledged and ignored.
 */

export const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().max(255),
  created: z.number().int().nonnegative().optional(),
  api_version: z.string().max(64).nullish(),
});

/** The PaymentIntent events and the status each reports. */
const INTENT_STATUS: Readonly<Record<string, ProviderStatus>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.processing': 'processing',
  'payment_intent.canceled': 'canceled',
  'payment_intent.requires_action': 'requires_action',
};

const CHARGE_REFUNDED = 'charge.refunded';
/** Events whose object is one Refund. */
const REFUND_EVENTS = new Set([
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
]);
/** Every dispute event: the dispute's status says where it stands. */
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

const id = z.string().min(1).max(255);
/** An expandable reference: the id, or the expanded object. */
const ref = z.union([id, z.object({ id })]);
const idOf = (value: z.infer<typeof ref>) => (typeof value === 'string' ? value : value.id);

const intentShape = z.object({
  id,
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_method: ref.nullish(),
  last_payment_error: z.object({ message: z.string().max(1000).nullish() }).nullish(),
});

const refundShape = z.object({
  id,
  amount: z.number().int().positive(),
  status: z.string().max(64).nullish(),
  payment_intent: ref.nullish(),
  failure_reason: z.string().max(255).nullish(),
});

function toProviderRefundShape(refund: z.infer<typeof refundShape>): ProviderRefund {
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: refundStatusOf(refund.status),
    failureReason: refund.failure_reason ?? null,
  };
}

const chargeShape = z.object({
  payment_intent: ref,
  refunds: z.object({ data: z.array(refundShape), has_more: z.boolean().optional() }).nullish(),
});

const disputeShape = z.object({
  id,
  status: z.string().max(64),
  amount: z.number().int().nonnegative().nullish(),
  payment_intent: ref.nullish(),
});

const mandateShape = z.object({ id, status: z.string().max(64), payment_method: ref });
const paymentMethodShape = z.object({ id });

export type WebhookAction =
  | {
      kind: 'intent';
      status: ProviderStatus;
      intentId: string;
      paymentId: string | undefined;
      providerMethodId: string | undefined;
      failureMessage: string | undefined;
    }
  /** `refunds` null: the event does not list them; ask the provider. */
  | { kind: 'refunds'; intentId: string; refunds: ProviderRefund[] | null }
  | {
      kind: 'dispute';
      intentId: string;
      dispute: { id: string; status: string; amountCents: number | null };
    }
  | { kind: 'mandate-ended'; providerMethodId: string; providerMandateId: string | null }
  | { kind: 'method-detached'; providerMethodId: string }
  /** Handled type, nothing to do (an active mandate, a refund of a charge we cannot place). */
  | { kind: 'none' }
  | { kind: 'ignored' };

export class MalformedEvent extends Error {}

function parse<T extends z.ZodType>(shape: T, value: unknown): z.infer<T> {
  const parsed = shape.safeParse(value);
  if (!parsed.success) throw new MalformedEvent();
  return parsed.data;
}

/** What an event asks of us; throws MalformedEvent when a handled type lacks what we read. */
export function actionOf(type: string, object: unknown): WebhookAction {
  const status = INTENT_STATUS[type];
  if (status) {
    const intent = parse(intentShape, object);
    return {
      kind: 'intent',
      status,
      intentId: intent.id,
      paymentId: intent.metadata?.paymentId,
      providerMethodId: intent.payment_method ? idOf(intent.payment_method) : undefined,
      failureMessage: intent.last_payment_error?.message ?? undefined,
    };
  }
  if (type === CHARGE_REFUNDED) {
    // Partial refunds fire it too. Since API 2022-11-15 the charge no longer lists its
    // refunds, so the provider is asked for them (the route does, before its transaction).
    const charge = parse(chargeShape, object);
    return {
      kind: 'refunds',
      intentId: idOf(charge.payment_intent),
      // An older API version lists them, but only a first page.
      refunds:
        charge.refunds && !charge.refunds.has_more
          ? charge.refunds.data.map(toProviderRefundShape)
          : null,
    };
  }
  if (REFUND_EVENTS.has(type)) {
    const refund = parse(refundShape, object);
    // A refund of a charge made without a PaymentIntent is not one of ours.
    if (!refund.payment_intent) return { kind: 'none' };
    return {
      kind: 'refunds',
      intentId: idOf(refund.payment_intent),
      refunds: [toProviderRefundShape(refund)],
    };
  }
  if (DISPUTE_EVENTS.has(type)) {
    const dispute = parse(disputeShape, object);
    if (!dispute.payment_intent) return { kind: 'none' };
    return {
      kind: 'dispute',
      intentId: idOf(dispute.payment_intent),
      dispute: { id: dispute.id, status: dispute.status, amountCents: dispute.amount ?? null },
    };
  }
  if (type === 'mandate.updated') {
    const mandate = parse(mandateShape, object);
    // Only an inactive mandate ends anything; pending and active ones are the normal course.
    if (mandate.status !== 'inactive') return { kind: 'none' };
    return {
      kind: 'mandate-ended',
      providerMethodId: idOf(mandate.payment_method),
      providerMandateId: mandate.id,
    };
  }
  if (type === 'payment_method.detached') {
    return { kind: 'method-detached', providerMethodId: parse(paymentMethodShape, object).id };
  }
  return { kind: 'ignored' };
}
