import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { officeNoticeChoiceSchema, waitingWorkSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { recordAudit } from '../audit/index.js';
import { waitingWork } from './office-notices.js';

const admin = { access: 'admin' as const };
const security = [{ bearer: [] }];
const tags = ['admin'];

/**
 * `GET admin/waiting-work` (the menu's count) and `GET`/`PUT admin/office-notices` (how the
 * signed-in staff member hears of new work); docs/api.md "Office notices".
 */
export const officeNoticeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/waiting-work',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'What waits for the office: pending registrations, change requests, failed payments',
        security,
        response: { 200: successSchema(waitingWorkSchema), '4xx': failureSchema },
      },
    },
    async () => ok(await waitingWork(db)),
  );

  app.get(
    '/admin/office-notices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'How I hear of new work: at once, a daily digest, or not by mail',
        security,
        response: { 200: successSchema(officeNoticeChoiceSchema), '4xx': failureSchema },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const [row] = await db
        .select({ officeNotices: users.officeNotices })
        .from(users)
        .where(eq(users.id, userId));
      return ok({ officeNotices: row?.officeNotices ?? 'immediate' });
    },
  );

  app.put(
    '/admin/office-notices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Choose how I hear of new work',
        security,
        body: officeNoticeChoiceSchema,
        response: { 200: successSchema(officeNoticeChoiceSchema), '4xx': failureSchema },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const { officeNotices } = request.body;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ officeNotices, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await recordAudit(tx, {
          action: 'staff.office-notices',
          success: true,
          actorId: userId,
          subject: userId,
          ip: request.ip,
          details: { officeNotices },
        });
      });
      return ok({ officeNotices }, 'Office notices saved');
    },
  );
};
