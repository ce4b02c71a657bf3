import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const logout = (token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: token ? bearer(token) : {},
  });

describe('POST /api/auth/logout', () => {
  it.each([
    ['member', MEMBER_A, 'member'],
    ['administrator', ADMIN, 'admin'],
  ] as const)(
    'closes the session of a %s: a copy of the token then gets 401',
    async (_name, who, portal) => {
      const token = await login(t.app, who, portal);
      const other = await login(t.app, who, portal);
      // Seen once, so a cached copy of the checked token exists before the sign-out.
      expect((await me(token)).statusCode).toBe(200);

      const response = await logout(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true });

      const copied = await me(token);
      expect(copied.statusCode).toBe(401);
      expect(copied.json().success).toBe(false);
      // Signing out again with the same token is refused like any call with it.
      expect((await logout(token)).statusCode).toBe(401);
      // Only that session ended: another device stays signed in.
      expect((await me(other)).statusCode).toBe(200);
    },
  );

  it('is audited and refuses anonymous callers', async () => {
    const token = await login(t.app, MEMBER_A);
    const userId = (await me(token)).json().data.id as string;
    await logout(token);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.logout'), eq(auditLog.actorId, userId)));
    expect(rows.length).toBeGreaterThan(0);
    expect((await logout()).statusCode).toBe(401);
    expect((await logout('not-a-token')).statusCode).toBe(401);
  });
});
