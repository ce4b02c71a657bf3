import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemMailSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { mailProblems, retryMail } from './problems.js';

const admin = { access: 'admin' as const };
const security = [{ bearer: [] }];
const tags = ['admin'];

export interface MailAdminDeps {
  db: Db;
  /** Runs the outbox soon after a retry was asked for. */
  onMailQueued?: () => void;
}

/** Mail an administrator should know about: failed and stuck messages (see problems.ts). */
export const mailAdminRoutes: FastifyPluginAsyncZod<MailAdminDeps> = async (app, deps) => {
  app.get(
    '/admin/mail/problems',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mail that failed for good or is stuck in the outbox (newest first)',
        security,
        response: { 200: successSchema(z.array(problemMailSchema)), '4xx': failureSchema },
      },
    },
    async () => ok(await mailProblems(deps.db)),
  );

  app.post(
    '/admin/mail/:id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send a failed or stuck message again now',
        security,
        params: z.object({ id: z.uuid({ error: 'Unknown message' }) }),
        response: { 200: successSchema(z.object({ id: z.string() })), '4xx': failureSchema },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const retried = await retryMail(deps.db, request.params.id, {
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      deps.onMailQueued?.();
      return ok(retried, 'The message will be sent again shortly.');
    },
  );
};
