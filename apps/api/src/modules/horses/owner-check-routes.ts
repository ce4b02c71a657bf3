import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OTHER_REGISTRY_NUMBER_MAX, OWNER_CHECK_RESULTS, SHORT_TEXT_MAX } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { answersOf, ok } from '../../reply.js';
import { checkOwnerMember } from './owner-members.js';

const querySchema = z.object({
  memberNum: z
    .string()
    .trim()
    .min(1, 'A member number is required')
    .max(OTHER_REGISTRY_NUMBER_MAX, 'Member number is too long'),
  name: z.string().trim().min(1, 'A name is required').max(SHORT_TEXT_MAX, 'Name is too long'),
});

/**
 * Lookups a member may make for another member's number: a form typing a co-owner's number and
 * name learns whether they go together, nothing more. More than a form needs is refused (429),
 * counted per signed-in account so that one office behind one address is not one count, so
 * numbers and names cannot be tried in bulk.
 */
const LOOKUPS_PER_MINUTE = 60;

/** `GET owners/member-check` (docs/api.md "Owners and member numbers"). */
export const ownerCheckRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/owners/member-check',
    {
      config: {
        access: 'signed-in',
        rateLimit: {
          max: LOOKUPS_PER_MINUTE,
          timeWindow: 60_000,
          // The access hook has run: every request that gets here is signed in.
          keyGenerator: (request) => `owner-check:${request.auth?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['horses'],
        summary:
          "Whether a member number belongs to an active member of the typed name: 'match', 'no-match' or 'unknown', nothing else",
        security: [{ bearer: [] }],
        querystring: querySchema,
        response: answersOf(z.object({ result: z.enum(OWNER_CHECK_RESULTS) })),
      },
    },
    async (request) =>
      ok({ result: await checkOwnerMember(db, request.query.memberNum, request.query.name) }),
  );
};
