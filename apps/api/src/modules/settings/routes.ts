import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_TRANSFER_MESSAGES, transferSettingsSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { answersOf, ok } from '../../reply.js';
import { adminRoute } from '../../route-options.js';
import { saveTransferSettings, transferSettings } from './service.js';

/** `GET/PUT admin/settings/transfers` (docs/api.md "Settings"). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/settings/transfers',
    adminRoute('The transfer fee, who pays it, and automatic approval of paid transfers', {
      response: answersOf(transferSettingsSchema),
    }),
    async () => ok(await transferSettings(db)),
  );

  app.put(
    '/admin/settings/transfers',
    adminRoute('Change the transfer settings (applies to transfers started afterwards)', {
      body: transferSettingsSchema,
      response: answersOf(transferSettingsSchema),
    }),
    async (request) => {
      const { userId } = requireAuth(request);
      const saved = await saveTransferSettings(db, request.body, { userId, ip: request.ip });
      return ok(saved, MEMBER_TRANSFER_MESSAGES.settingsSaved);
    },
  );
};
