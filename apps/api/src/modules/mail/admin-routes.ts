import { and, desc, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { recordAudit } from '../audit/index.js';

/** Unsent after this long (or this many attempts), a message counts as stuck. */
export const STUCK_AFTER_MS = 15 * 60_000;
const STUCK_AFTER_ATTEMPTS = 3;
const LIMIT = 200;

const admin = { access: 'admin' as const };
const security = [{ bearer: [] }];
const tags = ['admin'];

const problemMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  state: z.enum(['failed', 'stuck']),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  failedAt: z.string().nullable(),
});

export interface MailAdminDeps {
  db: Db;
  /** Runs the outbox soon after a retry was asked for. */
  onMailQueued?: () => void;
}

/**
 * Mail an administrator should know about (docs/operations.md "Mail"): messages the mail server
 * refused for good, and messages still unsent after STUCK_AFTER_MS or several attempts. Bodies
 * are not listed: they may hold sign-in codes.
 */
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
    async () => {
      const stuckBefore = new Date(Date.now() - STUCK_AFTER_MS);
      const rows = await deps.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            or(
              isNotNull(mailOutbox.failedAt),
              lt(mailOutbox.createdAt, stuckBefore),
              gte(mailOutbox.attempts, STUCK_AFTER_ATTEMPTS),
            ),
          ),
        )
        .orderBy(desc(mailOutbox.createdAt))
        .limit(LIMIT);
      return ok(
        rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          attempts: row.attempts,
          lastError: row.lastError,
          state: row.failedAt ? ('failed' as const) : ('stuck' as const),
          createdAt: row.createdAt.toISOString(),
          nextAttemptAt: row.nextAttemptAt.toISOString(),
          failedAt: row.failedAt?.toISOString() ?? null,
        })),
      );
    },
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
      const [row] = await deps.db
        .update(mailOutbox)
        .set({ failedAt: null, nextAttemptAt: new Date() })
        .where(and(eq(mailOutbox.id, request.params.id), isNull(mailOutbox.sentAt)))
        .returning({ id: mailOutbox.id });
      if (!row) throw new HttpError(404, 'No unsent message with this id');
      await recordAudit(deps.db, {
        action: 'mail.retry',
        success: true,
        actorId: userId,
        subject: row.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      deps.onMailQueued?.();
      return ok({ id: row.id }, 'The message will be sent again shortly.');
    },
  );
};
