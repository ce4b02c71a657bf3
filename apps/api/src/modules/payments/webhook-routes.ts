import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { HttpError } from '../../http-error.js';
import { failureSchema } from '../../reply.js';
import { STRIPE_API_VERSION } from './stripe-version.js';
import type { PaymentDeps } from './service.js';
import { applyWebhookEvent } from './webhook-apply.js';
import { MalformedEvent, actionOf, eventShape, type WebhookAction } from './webhook-events.js';

export interface WebhookRoutesOptions extends Omit<PaymentDeps, 'log'> {
  webhookSecret: string | undefined;
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
      const { duplicate } = await applyWebhookEvent(
        options,
        {
          id: event.id,
          type: event.type,
          eventAt: envelope.data.created ?? Math.floor(Date.now() / 1000),
        },
        action,
        request.log,
      );
      return duplicate ? { received: true as const, duplicate: true } : { received: true as const };
    },
  );
};
