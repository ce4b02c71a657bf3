import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANGE_REQUEST_MESSAGES,
  CHANGE_REQUEST_STATUSES,
  decideChangeRequestSchema,
  pageSchema,
  changeRequestSchema,
} from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { answersOf, ok } from '../../reply.js';
import { adminRoute } from '../../route-options.js';
import { reviewedDecision } from '../../reviewed-version.js';
import { decideChangeRequest, listChangeRequests, type ChangeRequestDeps } from './service.js';

const listQuery = z.object({
  status: z.enum(CHANGE_REQUEST_STATUSES).default('pending'),
  horseId: z.uuid({ error: 'Horse id must be a UUID' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** `GET admin/change-requests`, `PUT admin/change-requests/:id` (docs/api.md "Change requests"). */
export const changeRequestRoutes: FastifyPluginAsyncZod<ChangeRequestDeps> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/admin/change-requests',
    adminRoute("Members' changes to approved records: pending ones oldest first", {
      querystring: listQuery,
      response: answersOf(pageSchema(changeRequestSchema)),
    }),
    async (request) => ok(await listChangeRequests(db, request.query)),
  );

  app.put(
    '/admin/change-requests/:id',
    adminRoute('Approve (applies it to the record) or reject a change to an approved record', {
      params: z.object({ id: z.string().max(64) }),
      body: decideChangeRequestSchema,
      response: answersOf(changeRequestSchema),
    }),
    async (request) => {
      const { userId } = requireAuth(request);
      const decision = reviewedDecision(request);
      const view = await decideChangeRequest(deps, request.params.id, decision, userId, request.ip);
      return ok(
        view,
        request.body.action === 'approve'
          ? CHANGE_REQUEST_MESSAGES.approved
          : CHANGE_REQUEST_MESSAGES.rejected,
      );
    },
  );
};
