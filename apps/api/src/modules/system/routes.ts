import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GENERIC_MESSAGES } from '@registry/domain';
import type { Database } from '../../db/client.js';
import { failureSchema, ok, successSchema } from '../../reply.js';

export interface SystemRoutesOptions {
  database: Database;
  associationName: string;
  payments: { provider: 'stripe' | 'sandbox'; stripePublishableKey: string | null };
}

/** Health for load balancers and operators, and the public branding the login pages show. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, options) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: {
          200: successSchema(
            z.object({
              status: z.literal('ok'),
              database: z.literal('up'),
              databaseKind: z.string(),
            }),
          ),
          503: failureSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await options.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ success: false, error: GENERIC_MESSAGES.databaseUnavailable });
      }
      return ok({
        status: 'ok' as const,
        database: 'up' as const,
        databaseKind: options.database.kind,
      });
    },
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app needs before sign-in',
        response: {
          200: successSchema(
            z.object({
              associationName: z.string(),
              /** Null means the sandbox: the browser uses the built-in card and bank fields. */
              stripePublishableKey: z.string().nullable(),
              paymentProvider: z.enum(['stripe', 'sandbox']),
            }),
          ),
        },
      },
    },
    async () =>
      ok({
        associationName: options.associationName,
        stripePublishableKey: options.payments.stripePublishableKey,
        paymentProvider: options.payments.provider,
      }),
  );
};
