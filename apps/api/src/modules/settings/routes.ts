import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  BREEDING_MESSAGES,
  MEMBER_TRANSFER_MESSAGES,
  breedingReportSettingsSchema,
  transferSettingsSchema,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { answersOf, ok } from '../../reply.js';
import { adminRoute } from '../../route-options.js';
import { breedingReports, transfers, type SettingsArea } from './service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One area's `GET` and `PUT admin/settings/<path>`: its summaries and the saved message. */
function areaRoutes<T extends Record<string, unknown>>(
  app: App,
  db: Db,
  path: string,
  area: SettingsArea<T>,
  schema: z.ZodType<T>,
  words: { read: string; change: string; saved: string },
) {
  const url = `/admin/settings/${path}`;
  const response = answersOf(schema);
  app.get(url, adminRoute(words.read, { response }), async () => ok(await area.read(db)));
  app.put(url, adminRoute(words.change, { body: schema, response }), async (request) => {
    const { userId } = requireAuth(request);
    const saved = await area.save(db, request.body as T, { userId, ip: request.ip });
    return ok(saved, words.saved);
  });
}

/**
 * `GET/PUT admin/settings/transfers` and `admin/settings/breeding-reports` (docs/api.md
 * "Settings", "Breeding reports").
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  areaRoutes(app, db, 'transfers', transfers, transferSettingsSchema, {
    read: 'The transfer fee, who pays it, and automatic approval of paid transfers',
    change: 'Change the transfer settings (applies to transfers started afterwards)',
    saved: MEMBER_TRANSFER_MESSAGES.settingsSaved,
  });
  areaRoutes(app, db, 'breeding-reports', breedingReports, breedingReportSettingsSchema, {
    read: "When a season's breeding reports close",
    change: 'Change the breeding report deadline',
    saved: BREEDING_MESSAGES.settingsSaved,
  });
};
