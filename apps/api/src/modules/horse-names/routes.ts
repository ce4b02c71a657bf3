import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { answersOf, ok } from '../../reply.js';
import { nameAvailability } from './service.js';

const querySchema = z.object({
  // One to three names: the registration form's three choices.
  names: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().trim().min(1, 'A name must not be empty').max(100, 'Name is too long'))
        .min(1)
        .max(3, 'At most three names'),
    ),
  /** The horse being edited or reviewed: its own approved name does not count as taken. */
  horseId: z.uuid({ error: 'Horse id must be a UUID' }).optional(),
});

/** `GET horse-names/availability` (docs/api.md "Horse names"). */
export const horseNameRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/horse-names/availability',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['horses'],
        summary: 'Which of up to three names an approved horse already carries',
        security: [{ bearer: [] }],
        querystring: querySchema,
        response: answersOf(z.array(z.object({ name: z.string(), taken: z.boolean() }))),
      },
    },
    async (request) => ok(await nameAvailability(db, request.query.names, request.query.horseId)),
  );
};
