import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, STAFF_ROLES, staffMay, type StaffRole } from '@registry/domain';
import { mailOutbox, users } from '../db/schema.js';
import type { RouteAccess } from '../modules/auth/access.js';
import { STAFF_POLICY } from '../modules/auth/staff-policy.js';
import { ADMIN, bearer, createTestApp, login, type TestApp } from '../test/harness.js';

/**
 * The staff role matrix: every admin route the server registers, called by a staff member of
 * each role, against STAFF_POLICY (route -> area) and the domain's STAFF_AREA_ROLES (area ->
 * roles). Allowed means the access check let the call through (never 401 or 403, never 5xx);
 * refused means 403 naming the role. A few expectations are written out by hand below, so a
 * mistake in the tables themselves is caught too.
 */
let harness: TestApp;
let app: FastifyInstance;
const tokens = {} as Record<StaffRole, string>;

const key = (route: Pick<RouteAccess, 'method' | 'url'>) => `${route.method} ${route.url}`;
const adminRoutes = () => app.routeTable.filter((route) => route.access === 'admin');

function withUnknownIds(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'side' ? 'sire' : randomUUID(),
  );
}

async function call(method: string, url: string, token: string) {
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return app.inject({
    method: method as 'GET',
    url: withUnknownIds(url),
    headers: bearer(token),
    ...(hasBody ? { payload: {} } : {}),
  });
}

/** A staff member of `role` who has set a password from the invitation, signed in. */
async function signedInStaff(
  adminToken: string,
  role: StaffRole,
  name: string = role,
): Promise<string> {
  const email = `matrix-${name}@office.test`;
  const invited = await app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: bearer(adminToken),
    payload: { email, firstName: 'Matrix', lastName: role, staffRole: role },
  });
  expect(invited.statusCode).toBe(201);
  const [mail] = await harness.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /set-password#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  const password = `matrix password ${name}`;
  const set = await app.inject({
    method: 'POST',
    url: '/api/auth/set-password',
    payload: { token, password },
  });
  expect(set.statusCode).toBe(200);
  return login(app, { email, password }, 'admin');
}

beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
  await app.ready();
  tokens.administrator = await login(app, ADMIN, 'admin');
  for (const role of STAFF_ROLES) {
    if (role !== 'administrator') tokens[role] = await signedInStaff(tokens.administrator, role);
  }
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

describe('staff role matrix', () => {
  it('names an area for exactly the admin routes the server registers', () => {
    const live = adminRoutes().map(key).sort();
    expect(live.length).toBeGreaterThan(40);
    expect(live.filter((route) => !(route in STAFF_POLICY))).toEqual([]);
    expect(Object.keys(STAFF_POLICY).filter((route) => !live.includes(route))).toEqual([]);
  });

  it('lets each role through exactly the routes of its areas, and refuses the rest with 403', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const area = STAFF_POLICY[key(route)]!;
      for (const role of STAFF_ROLES) {
        const response = await call(route.method, route.url, tokens[role]);
        const allowed = staffMay(role, area);
        const status = response.statusCode;
        if (allowed && ([401, 403].includes(status) || status >= 500)) {
          wrong.push(`${role} ${key(route)} -> ${status}, expected through`);
        }
        if (!allowed && status !== 403) {
          wrong.push(`${role} ${key(route)} -> ${status}, expected 403`);
        }
        if (!allowed && status === 403) {
          expect(response.json().error).toBe(STAFF_MESSAGES.roleCannot(role, area));
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('holds the office rules as written (not only as the tables say)', async () => {
    const expectations: [StaffRole, string, string, 'through' | 403][] = [
      ['treasurer', 'PUT', '/api/admin/approve-horse/:id', 403],
      ['treasurer', 'PUT', '/api/admin/change-requests/:id', 403],
      ['treasurer', 'POST', '/api/admin/transfer-horse-ownership', 403],
      ['treasurer', 'POST', '/api/admin/members', 403],
      ['treasurer', 'POST', '/api/admin/payments/:paymentId/reverse', 'through'],
      ['treasurer', 'POST', '/api/admin/payment-process/:horseId', 'through'],
      ['treasurer', 'GET', '/api/admin/payments/reconciliation', 'through'],
      ['treasurer', 'GET', '/api/admin/statistics', 'through'],
      ['registrar', 'POST', '/api/admin/payments/:paymentId/reverse', 403],
      ['registrar', 'POST', '/api/admin/payment-void/:horseId', 403],
      ['registrar', 'POST', '/api/admin/payment-process/:horseId', 403],
      ['registrar', 'PUT', '/api/admin/approve-horse/:id', 'through'],
      ['registrar', 'POST', '/api/admin/transfer-horse-ownership', 'through'],
      ['registrar', 'PUT', '/api/admin/members/:id', 'through'],
      ['registrar', 'PUT', '/api/admin/change-requests/:id', 'through'],
      ['registrar', 'GET', '/api/admin/staff', 403],
      ['treasurer', 'DELETE', '/api/admin/staff/:id', 403],
      ['read-only', 'GET', '/api/admin/members', 'through'],
      ['read-only', 'PUT', '/api/admin/dashboard-content', 403],
      ['administrator', 'GET', '/api/admin/staff', 'through'],
      ['administrator', 'PUT', '/api/admin/dashboard-content', 'through'],
    ];
    const wrong: string[] = [];
    for (const [role, method, url, expected] of expectations) {
      const status = (await call(method, url, tokens[role])).statusCode;
      const through = ![401, 403].includes(status) && status < 500;
      if (expected === 403 ? status !== 403 : !through) {
        wrong.push(`${role} ${method} ${url} -> ${status}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('read-only reads every office page and changes nothing: every GET through, every other method 403', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      // The staff page (administrators only) and the own-account routes aside.
      const area = STAFF_POLICY[key(route)];
      if (area === 'staff' || area === 'account') continue;
      const status = (await call(route.method, route.url, tokens['read-only'])).statusCode;
      if (route.method === 'GET' ? [401, 403].includes(status) : status !== 403) {
        wrong.push(`${key(route)} -> ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an office account without a role may do nothing (fails closed)', async () => {
    await signedInStaff(tokens.administrator, 'registrar', 'no-role');
    await harness.database.db
      .update(users)
      .set({ staffRole: null })
      .where(eq(users.email, 'matrix-no-role@office.test'));
    // A new session: its first check reads the role from the database.
    const fresh = await login(
      app,
      { email: 'matrix-no-role@office.test', password: 'matrix password no-role' },
      'admin',
    );
    for (const [method, url] of [
      ['GET', '/api/admin/horses'],
      ['GET', '/api/admin/waiting-work'],
      ['PUT', '/api/admin/approve-horse/:id'],
    ]) {
      const response = await call(method!, url!, fresh);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(STAFF_MESSAGES.noRole);
    }
  });
});
