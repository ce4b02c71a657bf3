import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@registry/domain';
import type { Db } from '../db/client.js';
import { HttpError } from '../http-error.js';
import { authenticate, type AuthContext } from '../modules/auth/service.js';

/**
 * Who may call a route. Every /api route must declare one (checked when routes are added),
 * so a forgotten declaration stops the server instead of opening a hole.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Routes that plugins register for us (the docs UI) and that are public by nature. */
const UNDECLARED_PUBLIC_PREFIXES = ['/api/docs'];

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in caller; only call on routes whose access is not 'public'. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated);
  return request.auth;
}

export const accessPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; key: Uint8Array }) => {
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      if (UNDECLARED_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
      if (!route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access level`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || access === 'public') return;
      const token = bearerToken(request);
      const auth = token ? await authenticate(options.db, options.key, token) : undefined;
      if (!auth) {
        throw new HttpError(
          401,
          token ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.notAuthenticated,
        );
      }
      if ((access === 'admin' || access === 'member') && auth.role !== access) {
        throw new HttpError(403, AUTH_MESSAGES.forbidden);
      }
      request.auth = auth;
    });
  },
  { name: 'access' },
);
