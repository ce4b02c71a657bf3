import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, transferHorseSchema } from '@registry/domain';
import { requireAuth } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { reviewedVersion } from '../../reviewed-version.js';
import { transferHorse, type TransferDeps } from './service.js';

const transferSchema = z.object({
  id: z.string(),
  horseId: z.string(),
  fromOwnerId: z.string().nullable(),
  toOwnerId: z.string().nullable(),
  byId: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

/** `POST admin/transfer-horse-ownership` (docs/api.md "Transfers"). */
export const transferRoutes: FastifyPluginAsyncZod<TransferDeps> = async (app, deps) => {
  app.post(
    '/admin/transfer-horse-ownership',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Transfer a horse to another active member (both are emailed)',
        security: [{ bearer: [] }],
        body: transferHorseSchema,
        response: { 200: successSchema(transferSchema), '4xx': failureSchema },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const version = reviewedVersion(request.body.version, request.headers['if-match']);
      const record = await transferHorse(
        deps,
        { ...request.body, version },
        { userId, ip: request.ip },
      );
      return ok(record, ADMIN_MESSAGES.transferred);
    },
  );
};
