import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LINEAGE_MESSAGES,
  PEDIGREE_MESSAGES,
  fiveGenerationPedigreeSchema,
  normalizeRegistrationNumber,
  offspringPageSchema,
  offspringQuerySchema,
  pedigreeFillSchema,
  registeredAncestorSchema,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { answersOf, ok } from '../../reply.js';
import { fiveGenerationPedigree } from './five-generations.js';
import { approvedHorseId, offspringPage } from './offspring.js';
import { pedigreeFill, registeredNumbers } from './service.js';

const numberField = z.string().trim().min(1).max(40);
const numbersQuery = z.object({
  // The ten ancestors of a pedigree at most, and a few spare.
  numbers: z
    .union([numberField, z.array(numberField)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(numberField).min(1).max(20, 'At most 20 numbers')),
});

/**
 * `GET pedigree/registered`, `GET pedigree/:registrationNumber` and the public pedigree and
 * offspring of a registered horse (docs/api.md "Pedigree" and "Offspring and pedigrees").
 */
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

  // Public like the verify page they are shown on: approved horses only, names and numbers only.
  // The member's and the office's horse views ask them too (two per horse opened), so the limit
  // per address is twice the verify page's: an office behind one address opening horses in a
  // row stays under it.
  const publicAccess = { access: 'public' as const, rateLimit: { max: 120, timeWindow: 60_000 } };
  const numberParams = z.object({ registrationNumber: numberField });

  app.get(
    '/public/horses/:registrationNumber/pedigree',
    {
      config: publicAccess,
      schema: {
        tags: ['horses'],
        summary:
          'Five generations of an approved horse: typed pedigrees extended through registered ancestors',
        params: numberParams,
        response: answersOf(fiveGenerationPedigreeSchema),
      },
    },
    async (request) => {
      const pedigree = await fiveGenerationPedigree(db, request.params.registrationNumber);
      if (!pedigree) throw new HttpError(404, LINEAGE_MESSAGES.horseNotFound);
      return ok(pedigree);
    },
  );

  app.get(
    '/public/horses/:registrationNumber/offspring',
    {
      config: publicAccess,
      schema: {
        tags: ['horses'],
        summary: 'The approved offspring of an approved horse, newest foal first, a page at a time',
        params: numberParams,
        querystring: offspringQuerySchema,
        response: answersOf(offspringPageSchema),
      },
    },
    async (request) => {
      const number = normalizeRegistrationNumber(request.params.registrationNumber);
      const parentId = number ? await approvedHorseId(db, number) : null;
      if (!parentId) throw new HttpError(404, LINEAGE_MESSAGES.horseNotFound);
      return ok(await offspringPage(db, parentId, request.query.after, request.query.limit));
    },
  );
};
