import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { contentSchema, memberDashboardSchema } from '@registry/domain';
import { getContent, memberDashboard, saveContent } from './service.js';

const security = [{ bearer: [] }];
const errors = { '4xx': failureSchema };

/** Dashboard content: edited by administrators, shown (sanitized) to members. */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.put(
    '/admin/dashboard-content',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Replace the members' dashboard text (markdown, at most 20 kB and 20 levels of nesting)",
        security,
        body: z.object({ markdown: z.string().max(200_000) }),
        response: { 200: successSchema(contentSchema), ...errors },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const content = await saveContent(db, request.body.markdown, {
        userId,
        ip: request.ip,
        log: request.log,
      });
      return ok(content, 'Dashboard content saved');
    },
  );

  app.get(
    '/admin/dashboard/content',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The members' dashboard text, markdown and sanitized HTML",
        security,
        response: { 200: successSchema(contentSchema), ...errors },
      },
    },
    async (request) => ok(await getContent(db, request.log)),
  );

  app.get(
    '/members/dashboard/content',
    {
      config: { access: 'member' },
      schema: {
        tags: ['members'],
        summary: 'My dashboard: the content, my horses by status, payments needing my action',
        security,
        response: { 200: successSchema(memberDashboardSchema), ...errors },
      },
    },
    async (request) => ok(await memberDashboard(db, requireAuth(request).userId, request.log)),
  );
};
