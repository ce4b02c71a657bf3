import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { horses } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { HORSE_API_MESSAGES } from './service.js';
import { paidForHorse } from './paid.js';

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
      const id = request.params.id;
      const [own] = isUuid(id)
        ? await db
            .select({ id: horses.id })
            .from(horses)
            .where(and(eq(horses.id, id), eq(horses.ownerId, userId)))
        : [];
      // Someone else's horse is "not found", as on every member horse route.
      if (!own) throw new HttpError(404, HORSE_API_MESSAGES.notFound);
      return ok(await paidForHorse(db, id));
    },
  );
};
