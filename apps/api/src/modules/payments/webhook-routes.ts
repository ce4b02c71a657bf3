import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { webhookEvents, type PaymentRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { failureSchema } from '../../reply.js';
import { applyDispute } from './dispute-events.js';
import { endMandates } from './mandate-events.js';
import type { ProviderRefund } from './provider.js';
import { recordRefund } from './refund-events.js';
import { STRIPE_API_VERSION } from './stripe-version.js';
import { keepProviderMethod, type PaymentDeps } from './service.js';
import { applyPaymentUpdate, paymentAwaitingIntent, paymentByProviderId } from './settle.js';
import { MalformedEvent, actionOf, eventShape, type WebhookAction } from './webhook-events.js';

export interface WebhookRoutesOptions extends Omit<PaymentDeps, 'log'> {
  webhookSecret: string | undefined;
}

/**
 * The refunds a refund event speaks of: its own, or (charge.refunded, whose charge no longer
 * lists them) the payment's refunds as the provider has them now, asked before the
 * transaction. A provider that cannot be reached fails the delivery (502) and Stripe retries.
 */
async function refundsOf(
  action: WebhookAction,
  options: WebhookRoutesOptions,
  log: FastifyBaseLogger,
): Promise<ProviderRefund[]> {
  if (action.kind !== 'refunds') return [];
  if (action.refunds) return action.refunds;
  const row = await paymentByProviderId(options.db, action.intentId);
  if (!row || row.provider !== options.provider.name) return [];
  try {
    return await options.provider.listRefunds(action.intentId);
  } catch (error) {
    log.error(
      { paymentId: row.id, err: { message: (error as Error).message } },
      'refunds could not be read from the provider',
    );
    throw new HttpError(502, PAYMENT_MESSAGES.processFailed);
  }
}

interface Delivery {
  eventId: string;
  /** The event's `created`, seconds. */
  eventAt: number;
  refunds: ProviderRefund[];
}

async function paymentOf(tx: Tx, intentId: string, eventId: string, log: FastifyBaseLogger) {
  const row = await paymentByProviderId(tx, intentId);
  if (!row) log.warn({ eventId }, 'webhook for an unknown payment');
  return row;
}

/** Applies one event in its transaction; answers whether mail was queued. */
async function apply(
  tx: Tx,
  action: WebhookAction,
  delivery: Delivery,
  options: WebhookRoutesOptions,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { eventId } = delivery;
  const webhook = { actor: { id: null, source: 'webhook' as const }, reason: null, eventId };
  let row: PaymentRow | undefined;
  switch (action.kind) {
    case 'intent': {
      // An event can beat our own record of the intent id (it is stored once create answers):
      // the metadata then names our payment.
      row =
        (await paymentByProviderId(tx, action.intentId)) ??
        (await paymentAwaitingIntent(tx, action.paymentId));
      if (!row) {
        log.warn({ eventId }, 'webhook for an unknown payment intent');
        return false;
      }
      await keepProviderMethod(tx, row.id, action.providerMethodId);
      const applied = await applyPaymentUpdate(
        tx,
        row.id,
        {
          status: action.status,
          failureMessage: action.failureMessage ?? PAYMENT_MESSAGES.failed,
          source: 'webhook',
          eventId,
        },
        options,
      );
      return applied?.mailQueued ?? false;
    }
    case 'refunds':
      row = await paymentOf(tx, action.intentId, eventId, log);
      for (const refund of row ? delivery.refunds : []) {
        await recordRefund(tx, row as PaymentRow, refund, webhook);
      }
      return false;
    case 'dispute':
      row = await paymentOf(tx, action.intentId, eventId, log);
      if (row) {
        await applyDispute(tx, row, { ...action.dispute, eventAt: delivery.eventAt }, eventId);
      }
      return false;
    case 'mandate-ended':
    case 'method-detached':
      await endMandates(tx, {
        providerMethodId: action.providerMethodId,
        providerMandateId: action.kind === 'mandate-ended' ? action.providerMandateId : null,
        cause: action.kind === 'mandate-ended' ? 'mandate.updated' : 'payment_method.detached',
        eventId,
      });
      return false;
    default:
      return false;
  }
}

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
          'Stripe webhook (signed; payment_intent.*, refunds, charge.dispute.*, mandate.updated, payment_method.detached)',
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

      const envelope = eventShape.safeParse(event);
      if (!envelope.success) throw new HttpError(400, PAYMENT_MESSAGES.webhookMalformed);
      let action: WebhookAction;
      try {
        action = actionOf(event.type, (event as { data?: { object?: unknown } }).data?.object);
      } catch (error) {
        if (error instanceof MalformedEvent) {
          throw new HttpError(400, PAYMENT_MESSAGES.webhookMalformed);
        }
        throw error;
      }
      // Objects are shaped by the endpoint's API version; one we did not pin is worth a look.
      if (envelope.data.api_version && envelope.data.api_version !== STRIPE_API_VERSION) {
        request.log.warn(
          { eventId: event.id, apiVersion: envelope.data.api_version },
          'webhook event of another Stripe API version',
        );
      }
      const refunds = await refundsOf(action, options, request.log);
      const eventAt = envelope.data.created ?? Math.floor(Date.now() / 1000);
      let mailQueued = false;
      const duplicate = await options.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(webhookEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (inserted.length === 0) return true;
        mailQueued = await apply(
          tx,
          action,
          { eventId: event.id, eventAt, refunds },
          options,
          request.log,
        );
        return false;
      });
      if (mailQueued) options.onMailQueued?.();
      return duplicate ? { received: true as const, duplicate: true } : { received: true as const };
    },
  );
};
