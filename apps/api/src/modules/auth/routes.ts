import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  loginResultSchema,
  loginSchema,
  memberLoginSchema,
  sessionUserSchema,
  type LoginResult,
  type Role,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { requireAuth } from './access.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { LOGOUT_MESSAGE, endSession } from './logout.js';
import {
  findUser,
  loginWithPassword,
  toSessionUser,
  type AuthSettings,
  type ClientInfo,
} from './service.js';

export interface AuthRoutesOptions {
  db: Db;
  settings: AuthSettings;
  /**
   * The member sign-in by emailed code (`{ email, otp }`), given by app.ts: the codes live in
   * modules/otp, which builds on this module, so this module may not import it.
   */
  loginWithCode: (
    input: { email: string; otp: string },
    client: ClientInfo,
  ) => Promise<LoginResult>;
  loginPerIpPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, settings } = options;

  const loginConfig = {
    access: 'public' as const,
    rateLimit: { max: options.loginPerIpPerMinute, timeWindow: 60_000 },
  };
  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/auth/admin-login',
    {
      config: loginConfig,
      schema: {
        tags: ['auth'],
        summary: 'Administrator sign-in with email and password',
        body: loginSchema,
        response: { 200: successSchema(loginResultSchema), '4xx': failureSchema },
      },
    },
    async (request) =>
      ok(
        await loginWithPassword(
          db,
          settings,
          { ...request.body, portal: 'admin' satisfies Role },
          client(request),
        ),
      ),
  );

  app.post(
    '/auth/login',
    {
      config: loginConfig,
      schema: {
        tags: ['auth'],
        summary:
          'Member sign-in: `{ email, password }`, or `{ email, otp }` with a code from members/sendotp',
        body: memberLoginSchema,
        response: { 200: successSchema(loginResultSchema), '4xx': failureSchema },
      },
    },
    async (request) => {
      const { email, password, otp } = request.body;
      if (otp !== undefined) {
        return ok(await options.loginWithCode({ email, otp }, client(request)));
      }
      return ok(
        await loginWithPassword(
          db,
          settings,
          { email, password: password ?? '', portal: 'member' },
          client(request),
        ),
      );
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary:
          "Sign out: closes this token's session on the server (the web app sends it in the background)",
        security: [{ bearer: [] }],
        response: { 200: successSchema(z.object({})), '4xx': failureSchema },
      },
    },
    async (request) => {
      await endSession(db, requireAuth(request), client(request));
      return ok({}, LOGOUT_MESSAGE);
    },
  );

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
      return ok(toSessionUser(user, settings.pictureUrl));
    },
  );
};
