import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { officeNoticeChoiceSchema, waitingWorkSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { noticeChoiceOf, saveNoticeChoice } from './notice-choice.js';
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
    async (request) => ok(await noticeChoiceOf(db, requireAuth(request).userId)),
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
      const saved = await saveNoticeChoice(db, userId, request.body, request.ip);
      return ok(saved, 'Office notices saved');
    },
  );
};
