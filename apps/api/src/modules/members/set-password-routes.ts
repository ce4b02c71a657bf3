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
/** Guessing tokens is hopeless (256 bits), but each try costs a lookup: keep them few. */
const rateLimit = { max: 30, timeWindow: 60_000 };

/** The public end of Send credentials: the page behind the emailed link. */
export const setPasswordRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/auth/set-password/:token',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Whether a set-password link still works, and for which address',
        params: z.object({ token }),
        response: { 200: successSchema(z.object({ email: z.string() })), '4xx': failureSchema },
      },
    },
    async (request) => ok(await checkSetPasswordLink(db, request.params.token)),
  );

  app.post(
    '/auth/set-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Choose a password with a set-password link (the link then stops working)',
        body: z.object({ token, password: z.string().max(PASSWORD_MAX_LENGTH * 4) }),
        response: { 200: successSchema(z.object({ email: z.string() })), '4xx': failureSchema },
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
