import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@registry/domain';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

/**
 * Every admin route the server registers (read from its route table, so a new one is covered
 * without editing this file): no token is 401, a member's token 403, before anything else.
 */
let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [member, admin] = await Promise.all([login(t.app, MEMBER_A), login(t.app, ADMIN, 'admin')]);
});
afterAll(() => t.close());

const adminRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/admin/'));
const filled = (url: string) => url.replace(/:(\w+)/g, () => randomUUID());

describe('admin routes', () => {
  it('are all declared admin-only, and the table lists the administration routes', () => {
    const routes = adminRoutes();
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/pending-horses',
      'PUT /api/admin/approve-horse/:id',
      'POST /api/admin/members/import',
      'POST /api/admin/send-membercredentials/:id',
      'POST /api/admin/transfer-horse-ownership',
      'GET /api/admin/statistics',
      'PUT /api/admin/dashboard-content',
      'GET /api/admin/horses/:id/certificate.pdf',
      'GET /api/admin/members/:id/audit',
    ]) {
      expect(keys).toContain(expected);
    }
    // The forgot-password routes of the admin portal are for signed-out administrators.
    const open = routes.filter((r) => r.access !== 'admin').map((r) => r.url);
    expect(
      open.every((url) =>
        /sendotp-password|verifyOtp-updatepassword|change-adminPassword/.test(url),
      ),
    ).toBe(true);
  });

  it('answer 401 without a token and 403 to a member, on every admin-only route', async () => {
    const routes = adminRoutes().filter((r) => r.access === 'admin');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = filled(route.url);
      const method = route.method as 'GET';
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const asMember = await t.app.inject({ method, url, headers: bearer(member), payload: {} });
      expect(asMember.statusCode, `${route.method} ${route.url} member`).toBe(403);
      expect(asMember.json().error).toBe(AUTH_MESSAGES.forbidden);
    }
  });

  it('members cannot read the statistics even with a forged role claim in the body', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/statistics?role=admin',
      headers: bearer(member),
    });
    expect(response.statusCode).toBe(403);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/statistics',
      headers: bearer(admin),
    });
    expect(asAdmin.statusCode).toBe(200);
  });
});
