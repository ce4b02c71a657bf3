import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, PASSWORD_MAX_LENGTH } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { checkSetPasswordLink, setPasswordFromLink } from './credentials.js';

const token = z
  .string()
  .trim()
  .min(1, ADMIN_MESSAGES.linkInvalid)
  .max(200, ADMIN_MESSAGES.linkInvalid);
const answer = z.object({ email: z.string(), office: z.boolean() });
/** Guessing tokens is hopeless (256 bits), but each try costs a lookup: keep them few. */
const rateLimit = { max: 30, timeWindow: 60_000 };

/**
 * The public end of Send credentials: the page behind the emailed link. The token travels in
 * request bodies only, never in an address: addresses are logged (request logs, proxies), and a
 * token copied from a log set a member's password (issue 28 §5). The emailed link carries it in
 * the fragment, which browsers never send (credentials.ts).
 */
export const setPasswordRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/auth/set-password/check',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Whether a set-password link still works, and for which address',
        body: z.object({ token }),
        response: { 200: successSchema(answer), '4xx': failureSchema },
      },
    },
    async (request) => ok(await checkSetPasswordLink(db, request.body.token)),
  );

  app.post(
    '/auth/set-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Choose a password with a set-password link (the link then stops working)',
        body: z.object({ token, password: z.string().max(PASSWORD_MAX_LENGTH * 4) }),
        response: { 200: successSchema(answer), '4xx': failureSchema },
      },
    },
    async (request) =>
      ok(
        await setPasswordFromLink(db, request.body.token, request.body.password, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
        ADMIN_MESSAGES.passwordSet,
      ),
  );
};
