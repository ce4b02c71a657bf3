import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { setMemberActive } from './service.js';

const memberStatusSchema = z.object({ id: z.string(), email: z.string(), active: z.boolean() });
const idParams = z.object({ id: z.uuid({ error: 'Member id must be a UUID' }) });

export const memberAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const action of ['activate', 'deactivate'] as const) {
    app.put(
      `/admin/member/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['members'],
          summary:
            action === 'activate' ? 'Let a member sign in again' : 'Stop a member signing in',
          security: [{ bearer: [] }],
          params: idParams,
          response: { 200: successSchema(memberStatusSchema), '4xx': failureSchema },
        },
      },
      async (request) => {
        const actor = requireAuth(request);
        const member = await setMemberActive(db, request.params.id, action === 'activate', {
          userId: actor.userId,
          ip: request.ip,
        });
        return ok(member, action === 'activate' ? 'Member activated' : 'Member deactivated');
      },
    );
  }
};
