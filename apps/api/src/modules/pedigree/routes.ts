import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PEDIGREE_MESSAGES, pedigreeFillSchema, registeredAncestorSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { answersOf, ok } from '../../reply.js';
import { pedigreeFill, registeredNumbers } from './service.js';

const numberField = z.string().trim().min(1).max(40);
const numbersQuery = z.object({
  // The ten ancestors of a pedigree at most, and a few spare.
  numbers: z
    .union([numberField, z.array(numberField)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(numberField).min(1).max(20, 'At most 20 numbers')),
});

/** `GET pedigree/registered` and `GET pedigree/:registrationNumber` (docs/api.md "Pedigree"). */
export const pedigreeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/pedigree/registered',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['horses'],
        summary: 'Which of these registration numbers belong to approved horses',
        security: [{ bearer: [] }],
        querystring: numbersQuery,
        response: answersOf(z.array(registeredAncestorSchema)),
      },
    },
    async (request) => ok(await registeredNumbers(db, request.query.numbers)),
  );

  app.get(
    '/pedigree/:registrationNumber',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['horses'],
        summary: 'A registered horse as a sire or dam: its name and the ancestors it brings',
        security: [{ bearer: [] }],
        params: z.object({ registrationNumber: numberField }),
        response: answersOf(pedigreeFillSchema),
      },
    },
    async (request) => {
      const fill = await pedigreeFill(db, request.params.registrationNumber);
      if (!fill) throw new HttpError(404, PEDIGREE_MESSAGES.notRegistered);
      return ok(fill);
    },
  );
};
