import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  loginResultSchema,
  loginSchema,
  sessionUserSchema,
  type Role,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { requireAuth } from '../../plugins/access.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { findUser, loginWithPassword, toSessionUser, type AuthSettings } from './service.js';

export interface AuthRoutesOptions {
  db: Db;
  settings: AuthSettings;
  loginPerIpPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, settings } = options;

  const loginRoute = (url: string, portal: Role, summary: string) =>
    app.post(
      url,
      {
        config: {
          access: 'public',
          rateLimit: { max: options.loginPerIpPerMinute, timeWindow: 60_000 },
        },
        schema: {
          tags: ['auth'],
          summary,
          body: loginSchema,
          response: {
            200: successSchema(loginResultSchema),
            '4xx': failureSchema,
          },
        },
      },
      async (request) => {
        const result = await loginWithPassword(
          db,
          settings,
          { ...request.body, portal },
          { ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        return ok(result);
      },
    );

  loginRoute('/auth/admin-login', 'admin', 'Administrator sign-in with email and password');
  loginRoute('/auth/login', 'member', 'Member sign-in with email and password');

  app.get(
    '/auth/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: successSchema(sessionUserSchema), '4xx': failureSchema },
      },
    },
    async (request) => {
      const user = await findUser(db, requireAuth(request).userId);
      if (!user) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      return ok(toSessionUser(user));
    },
  );
};
