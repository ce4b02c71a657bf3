import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatUsd } from '@registry/domain';
import { escapeHtml } from '../mail/index.js';
import { sandboxActionPath } from './sandbox-provider.js';
import type { PaymentDeps } from './service.js';
import { decideSandboxPayment, sandboxPayment } from './sandbox-decision.js';

export type SandboxRoutesOptions = Omit<PaymentDeps, 'log'>;

const params = z.object({ paymentIntentId: z.string().regex(/^pi_sandbox_[0-9a-f]{8,64}$/) });

/** No script and no inline style: the CSP forbids both, and two plain forms are all it needs. */
function page(paymentIntentId: string, amountCents: number, open: boolean): string {
  const action = sandboxActionPath(paymentIntentId);
  const body = open
    ? [
        `<p>Approve the test payment of ${escapeHtml(formatUsd(amountCents))}?</p>`,
        `<form method="post" action="${action}/approve"><button type="submit">Approve</button></form>`,
        `<form method="post" action="${action}/decline"><button type="submit">Decline</button></form>`,
      ]
    : ['<p>This payment no longer needs approval.</p>'];
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Sandbox payment approval</title></head><body>',
    '<h1>Sandbox payment approval</h1>',
    "<p>This page stands in for the card issuer's check (3-D Secure). No money moves.</p>",
    ...body,
    '</body></html>',
  ].join('\n');
}

/**
 * The sandbox's "further action" page (DESIGN §6): public like a bank's 3-D Secure page, found
 * only through the unguessable payment intent id, and useful only while the payment waits.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, options) => {
  // The buttons post an empty form; nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  const find = (paymentIntentId: string) => sandboxPayment(options, paymentIntentId);

  app.get(
    '/sandbox/payments/:paymentIntentId',
    {
      config: { access: 'public', htmlPage: true },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox approval page (HTML)',
        params,
        produces: ['text/html'],
        fileExample: '<!doctype html><title>Sandbox payment</title>…',
      },
    },
    async (request, reply) => {
      const row = await find(request.params.paymentIntentId);
      return reply
        .type('text/html; charset=utf-8')
        .send(page(row.providerPaymentId ?? '', row.amountCents, row.status === 'requires_action'));
    },
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/sandbox/payments/:paymentIntentId/${decision}`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: `Sandbox: ${decision} a payment that requires action`,
          params,
          redirectsTo: 'the payment-complete page, /payment-complete?payment_intent=<id>',
        },
      },
      async (request, reply) => {
        const row = await find(request.params.paymentIntentId);
        await decideSandboxPayment(options, row.id, decision);
        const pi = encodeURIComponent(request.params.paymentIntentId);
        return reply.redirect(`/payment-complete?payment_intent=${pi}`, 303);
      },
    );
  }
};
