import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsSchema } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { statistics } from './service.js';

/** `GET admin/statistics`: the admin dashboard's figures and chart series. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/statistics',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Members, horses, payments, revenue and 12-month series for the dashboard',
        security: [{ bearer: [] }],
        response: { 200: successSchema(statisticsSchema), '4xx': failureSchema },
      },
    },
    async () => ok(await statistics(db)),
  );
};
