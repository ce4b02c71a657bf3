import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { paidForOwnHorse } from './service.js';

/** `GET members/horses/:id/paid` (docs/api.md "Horses"): what the member paid for a horse. */
export const paidRoute: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/members/horses/:id/paid',
    {
      config: { access: 'member' },
      schema: {
        tags: ['horses'],
        summary: 'What settled for one of my horses (amount and payments)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: successSchema(
            z.object({
              paidCents: z.number().int(),
              payments: z.array(
                z.object({ amountCents: z.number().int(), method: z.string(), at: z.string() }),
              ),
            }),
          ),
          '4xx': failureSchema,
        },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      return ok(await paidForOwnHorse(db, userId, request.params.id));
    },
  );
};
