import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_TRANSFER_MESSAGES, transferSettingsSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { answersOf, ok } from '../../reply.js';
import { saveTransferSettings, transferSettings } from './service.js';

const security = [{ bearer: [] }];

/** `GET/PUT admin/settings/transfers` (docs/api.md "Settings"). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/settings/transfers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The transfer fee, who pays it, and automatic approval of paid transfers',
        security,
        response: answersOf(transferSettingsSchema),
      },
    },
    async () => ok(await transferSettings(db)),
  );

  app.put(
    '/admin/settings/transfers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change the transfer settings (applies to transfers started afterwards)',
        security,
        body: transferSettingsSchema,
        response: answersOf(transferSettingsSchema),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const saved = await saveTransferSettings(db, request.body, { userId, ip: request.ip });
      return ok(saved, MEMBER_TRANSFER_MESSAGES.settingsSaved);
    },
  );
};
