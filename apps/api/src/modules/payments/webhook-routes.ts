import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { webhookEvents } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { failureSchema } from '../../reply.js';
import type { ProviderStatus } from './provider.js';
import { applyChargeEvent, type ChargeEvent } from './reversals.js';
import type { PaymentDeps } from './service.js';
import { applyPaymentUpdate, paymentAwaitingIntent, paymentByProviderId } from './settle.js';

export interface WebhookRoutesOptions extends Omit<PaymentDeps, 'log'> {
  webhookSecret: string | undefined;
}

/** The PaymentIntent events we apply; every other type is acknowledged and ignored. */
const EVENT_STATUS: Readonly<Record<string, ProviderStatus>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.processing': 'processing',
  'payment_intent.canceled': 'canceled',
  'payment_intent.requires_action': 'requires_action',
};

/**
 * What we read of an event. The signature proves Stripe sent it, not that it has the shape we
 * expect (a test event, an API version we do not know, a hand-signed payload): anything else is
 * refused with 400 instead of failing inside the transaction.
 */
const eventShape = z.object({ id: z.string().min(1).max(255), type: z.string().max(255) });
/** A charge or dispute names its PaymentIntent (a string id, or the expanded object). */
const chargeShape = z.object({
  payment_intent: z.union([z.string().min(1).max(255), z.object({ id: z.string().max(255) })]),
  refunded: z.boolean().optional(),
  status: z.string().max(64).optional(),
});

/** Refunds and disputes made in Stripe's dashboard (docs/api.md "Payments: undoing"). */
function chargeEventOf(type: string, object: z.infer<typeof chargeShape>): ChargeEvent | null {
  if (type === 'charge.refunded') return object.refunded ? { kind: 'refunded' } : null;
  if (type === 'charge.dispute.created') return { kind: 'dispute-opened' };
  if (type === 'charge.dispute.closed') {
    return { kind: 'dispute-closed', won: object.status === 'won' };
  }
  return null;
}
const CHARGE_EVENTS = new Set([
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
]);
const intentShape = z.object({
  id: z.string().min(1).max(255),
  metadata: z.record(z.string(), z.string()).nullish(),
});

/**
 * Stripe's webhook (docs/api.md "Payments"). The signature covers the exact bytes Stripe sent,
 * so this plugin replaces the JSON parser with one that keeps the raw body.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/members/webhook-stripe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          'Stripe webhook (signed; PaymentIntent, charge.refunded and charge.dispute.* events)',
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean().optional() }),
          '4xx': failureSchema,
        },
      },
    },
    async (request) => {
      if (!options.webhookSecret) throw new HttpError(400, PAYMENT_MESSAGES.webhookNotConfigured);
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, PAYMENT_MESSAGES.webhookSignatureInvalid);
      }
      // Stripe's SDK loads with the first event, not with every server
      // (docs/decisions/0054-server-bundled-with-esbuild.md).
      const { default: StripeSdk } = await import('stripe');
      let event: Stripe.Event;
      try {
        event = StripeSdk.webhooks.constructEvent(request.body, signature, options.webhookSecret);
      } catch {
        throw new HttpError(400, PAYMENT_MESSAGES.webhookSignatureInvalid);
      }

      if (!eventShape.safeParse(event).success) {
        throw new HttpError(400, PAYMENT_MESSAGES.webhookMalformed);
      }
      const status = EVENT_STATUS[event.type];
      if (status && !intentShape.safeParse(event.data?.object).success) {
        throw new HttpError(400, PAYMENT_MESSAGES.webhookMalformed);
      }
      let charge: z.infer<typeof chargeShape> | null = null;
      if (CHARGE_EVENTS.has(event.type)) {
        const parsed = chargeShape.safeParse(event.data?.object);
        if (!parsed.success) throw new HttpError(400, PAYMENT_MESSAGES.webhookMalformed);
        charge = parsed.data;
      }
      let mailQueued = false;
      const duplicate = await options.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(webhookEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (inserted.length === 0) return true;
        if (charge) {
          const intentId =
            typeof charge.payment_intent === 'string'
              ? charge.payment_intent
              : charge.payment_intent.id;
          const paid = await paymentByProviderId(tx, intentId);
          const change = chargeEventOf(event.type, charge);
          if (paid && change) await applyChargeEvent(tx, paid, change, event.id);
          else if (!paid) request.log.warn({ eventId: event.id }, 'webhook for an unknown charge');
          return false;
        }
        if (!status) return false;
        const intent = event.data.object as Stripe.PaymentIntent;
        // An event can beat our own record of the intent id (it is stored once create answers):
        // the metadata then names our payment.
        const row =
          (await paymentByProviderId(tx, intent.id)) ??
          (await paymentAwaitingIntent(tx, intent.metadata?.paymentId));
        if (!row) {
          request.log.warn({ eventId: event.id }, 'webhook for an unknown payment intent');
          return false;
        }
        const applied = await applyPaymentUpdate(
          tx,
          row.id,
          {
            status,
            failureMessage: intent.last_payment_error?.message ?? PAYMENT_MESSAGES.failed,
            source: 'webhook',
            eventId: event.id,
          },
          options,
        );
        mailQueued = applied?.mailQueued ?? false;
        return false;
      });
      if (mailQueued) options.onMailQueued?.();
      return duplicate ? { received: true as const, duplicate: true } : { received: true as const };
    },
  );
};
