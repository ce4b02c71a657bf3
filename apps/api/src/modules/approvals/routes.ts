import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, approveHorseSchema, adminHorseSchema } from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { answersOf, ok } from '../../reply.js';
import { adminRoute } from '../../route-options.js';
import { reviewedDecision } from '../../reviewed-version.js';
import { decideHorse, type ApprovalDeps } from './service.js';

/**
 * `PUT admin/approve-horse/:id` (docs/api.md "Approvals"). The change requests of approved
 * records share the approval queue; app.ts registers their routes beside these.
 */
export const approvalRoutes: FastifyPluginAsyncZod<ApprovalDeps> = async (app, deps) => {
  app.put(
    '/admin/approve-horse/:id',
    adminRoute('Approve (assigns the registration number) or reject a pending horse', {
      params: z.object({ id: z.string().max(64) }),
      body: approveHorseSchema,
      response: answersOf(adminHorseSchema),
    }),
    async (request) => {
      const { userId } = requireAuth(request);
      const horse = await decideHorse(deps, request.params.id, reviewedDecision(request), {
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return ok(
        horse,
        request.body.action === 'approve' ? ADMIN_MESSAGES.approved : ADMIN_MESSAGES.rejected,
      );
    },
  );
};
