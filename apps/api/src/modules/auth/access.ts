import type { KeyObject } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, STAFF_MESSAGES, staffMay, type StaffArea } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { authenticate, type AuthContext } from './service.js';
import { staffAreaOf } from './staff-policy.js';
import { type ChangeFeed, ReadCache } from '../read-cache/index.js';

/**
 * Who may call a route. Every /api route must declare one (checked when routes are added),
 * so a forgotten declaration stops the server instead of opening a hole.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'member';

/** One API route and who may call it, as declared; the security tests start from this list. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Admin routes: the area of the office the route belongs to, set from STAFF_POLICY
     * (staff-policy.ts) when the route is added; it decides which staff roles may call it.
     */
    staffArea?: StaffArea;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    routeTable: RouteAccess[];
  }
}

/**
 * The staff area of an admin route (staff-policy.ts). Throws, stopping the server at start-up,
 * when the policy does not name the route.
 */
function staffAreaFor(route: { method: string | string[]; url: string }) {
  // staffAreaOf reads a HEAD route (Fastify adds one for each GET) as its GET.
  const areas = new Set([route.method].flat().map((method) => staffAreaOf(method, route.url)));
  const [area] = areas;
  if (areas.size !== 1 || !area) {
    throw new Error(
      `Admin route ${[route.method].flat().join(',')} ${route.url} has no staff role policy: ` +
        'add it to STAFF_POLICY in apps/api/src/modules/auth/staff-policy.ts',
    );
  }
  return area;
}

/** 403 naming the role when the signed-in staff member's role may not act in `area`. */
function staffRefusal(area: StaffArea | undefined, auth: AuthContext): HttpError | undefined {
  // No area cannot happen (staffAreaFor sets one on every admin route): refuse all the same.
  if (!area || !auth.staffRole) return new HttpError(403, STAFF_MESSAGES.noRole);
  if (!staffMay(auth.staffRole, area)) {
    return new HttpError(403, STAFF_MESSAGES.roleCannot(auth.staffRole, area));
  }
  return undefined;
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

export interface AccessOptions {
  db: Db;
  key: KeyObject;
  changes: ChangeFeed;
  /** How long a checked token may be trusted without asking the database again. */
  cacheMs: number;
}

/** Enough for every member of an association signed in on a few devices. */
const MAX_CACHED_SESSIONS = 10_000;

export const accessPlugin = fp(
  async (app: FastifyInstance, options: AccessOptions) => {
    // Keyed by the whole token: the same string was verified (signature, expiry) when it was
    // copied, and any sign-out, password change or deactivation anywhere drops every copy.
    const checked = new ReadCache<AuthContext>(options.changes, 'sessions', {
      ttlMs: options.cacheMs,
      maxEntries: MAX_CACHED_SESSIONS,
    });
    const check = (token: string) =>
      checked.get(token, async () => {
        const found = await authenticate(options.db, options.key, token);
        return found && { value: found.auth, validUntil: found.expiresAt.getTime() };
      });

    app.decorateRequest('auth', null);
    const routeTable: RouteAccess[] = [];
    app.decorate('routeTable', routeTable);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      if (UNDECLARED_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access level`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routeTable.push({ method, url: route.url, access });
      }
      if (access === 'admin') route.config = { ...route.config, staffArea: staffAreaFor(route) };
      // The OpenAPI document shows which routes need a token (this hook runs before swagger's).
      if (access !== 'public' && route.schema && !route.schema.security) {
        route.schema = { ...route.schema, security: [{ bearer: [] }] };
      }
    });

    /** Lets the request through as `auth`, or says why not. */
    const admit = (
      request: FastifyRequest,
      access: Access,
      token: string | undefined,
      auth: AuthContext | undefined,
    ) => {
      if (!auth) {
        return new HttpError(
          401,
          token ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.notAuthenticated,
        );
      }
      if ((access === 'admin' || access === 'member') && auth.role !== access) {
        return new HttpError(403, AUTH_MESSAGES.forbidden);
      }
      if (access === 'admin') {
        const refused = staffRefusal(request.routeOptions.config.staffArea, auth);
        if (refused) return refused;
      }
      request.auth = auth;
      return undefined;
    };

    // A callback hook: public routes and tokens checked moments ago pay for no promise at all.
    app.addHook('onRequest', (request, _reply, done) => {
      const access = request.routeOptions.config?.access;
      if (!access || access === 'public') {
        done();
        return;
      }
      const token = bearerToken(request);
      if (!token) {
        done(admit(request, access, token, undefined));
        return;
      }
      const known = checked.peek(token);
      if (!known) {
        unknown(request, access, token, done);
        return;
      }
      // A copy is trusted once this server has heard every sign-out made before the request.
      const heard = options.changes.heardFor(request);
      if (!heard) {
        done(admit(request, access, token, known));
        return;
      }
      heard.then(() => {
        const still = checked.peek(token);
        if (still) done(admit(request, access, token, still));
        else unknown(request, access, token, done);
      }, done);
    });

    /** A token without a copy: its session is checked in the database (and kept a moment). */
    const unknown = (
      request: FastifyRequest,
      access: Access,
      token: string,
      done: (error?: Error) => void,
    ) => {
      check(token).then((auth) => done(admit(request, access, token, auth)), done);
    };
  },
  { name: 'access' },
);
