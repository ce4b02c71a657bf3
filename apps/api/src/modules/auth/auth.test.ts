import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@registry/domain';
import { auditLog, users } from '../../db/schema.js';
import {
  ADMIN,
  MEMBER_A,
  MEMBER_B,
  bearer,
  createTestApp,
  login,
  type TestApp,
} from '../../test/harness.js';
import { eventually } from '../../test/eventually.js';
import { setPassword } from './service.js';
import { secretKey, signToken } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: token ? bearer(token) : {} });

async function userId(email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

describe('sign-in', () => {
  it('signs an administrator in on the admin login with token, role and user', async () => {
    const response = await post('/api/auth/admin-login', ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.role).toBe('admin');
    expect(body.data.user).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.token.split('.')).toHaveLength(3);
  });

  it('signs a member in on the member login, ignoring email case and spaces', async () => {
    const response = await post('/api/auth/login', {
      email: ' Member1@Example.org ',
      password: MEMBER_A.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      role: 'member',
      user: { email: MEMBER_A.email, memberNumber: 'M-0001' },
    });
  });

  it('refuses a member on the admin login and an admin on the member login', async () => {
    const memberOnAdmin = await post('/api/auth/admin-login', MEMBER_A);
    expect(memberOnAdmin.statusCode).toBe(403);
    expect(memberOnAdmin.json()).toEqual({ success: false, error: AUTH_MESSAGES.wrongPortalAdmin });
    const adminOnMember = await post('/api/auth/login', ADMIN);
    expect(adminOnMember.statusCode).toBe(403);
    expect(adminOnMember.json().error).toBe(AUTH_MESSAGES.wrongPortalMember);
  });

  it('gives one generic answer for a wrong password and an unknown email', async () => {
    const wrongPassword = await post('/api/auth/login', {
      email: MEMBER_B.email,
      password: 'nope-nope',
    });
    const unknown = await post('/api/auth/login', {
      email: 'ghost@example.org',
      password: 'nope-nope',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ success: false, error: AUTH_MESSAGES.invalidCredentials });
  });

  it('answers bad input with 400 and a message per field', async () => {
    const response = await post('/api/auth/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      fields: { email: AUTH_MESSAGES.emailInvalid, password: AUTH_MESSAGES.passwordRequired },
    });
  });

  it('writes every attempt, failed or not, to the audit log without the password', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.subject, 'ghost@example.org')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      success: false,
      details: { portal: 'member', reason: 'unknown-email' },
    });
    expect(JSON.stringify(rows)).not.toContain('nope-nope');
    const successes = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.login'),
          eq(auditLog.subject, ADMIN.email),
          eq(auditLog.success, true),
        ),
      );
    expect(successes.length).toBeGreaterThan(0);
    expect(successes[0]?.ip).toBeTruthy();
  });
});

describe('tokens', () => {
  it('lets a signed-in user read their own record', async () => {
    const token = await login(t.app, MEMBER_A);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(MEMBER_A.email);
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await me()).statusCode).toBe(401);
    const token = await login(t.app, MEMBER_A);
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        role: 'admin',
      }),
    ).toString('base64url');
    expect((await me(`${header}.${forgedPayload}.${token.split('.')[2]}`)).statusCode).toBe(401);
    const otherKey = await signToken(
      {
        userId: await userId(MEMBER_A.email),
        sessionId: crypto.randomUUID(),
        role: 'member',
        tokenVersion: 0,
      },
      secretKey('another-secret-another-secret-another-secret'),
      60,
    );
    expect((await me(otherKey)).statusCode).toBe(401);
    expect((await me('not.a.token')).statusCode).toBe(401);
  });

  it('rejects a correctly signed token whose lifetime is over', async () => {
    const token = await login(t.app, MEMBER_B);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const expired = await signToken(
      { userId: payload.sub, sessionId: payload.sid, role: 'member', tokenVersion: payload.tv },
      secretKey('test-secret-that-is-long-enough-for-hs256-0123456789'),
      -10,
    );
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: AUTH_MESSAGES.sessionExpired });
  });

  it('ends open sessions when a password changes', async () => {
    const token = await login(t.app, MEMBER_B);
    expect((await me(token)).statusCode).toBe(200);
    // Straight to the service, as a job would: on PostgreSQL the revocation reaches the
    // session-check copies through NOTIFY a moment after the commit.
    await setPassword(t.database.db, await userId(MEMBER_B.email), MEMBER_B.password);
    await eventually(async () => expect((await me(token)).statusCode).toBe(401));
    expect((await me(await login(t.app, MEMBER_B))).statusCode).toBe(200);
  });
});

describe('roles and deactivation', () => {
  it('answers 401 to anonymous callers and 403 to a member on an admin route', async () => {
    const id = await userId(MEMBER_B.email);
    const url = `/api/admin/member/${id}/deactivate`;
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    const memberToken = await login(t.app, MEMBER_A);
    const forbidden = await t.app.inject({ method: 'PUT', url, headers: bearer(memberToken) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, error: AUTH_MESSAGES.forbidden });
  });

  it('deactivation ends the member’s sessions and refuses new sign-ins until reactivated', async () => {
    const adminToken = await login(t.app, ADMIN, 'admin');
    const memberToken = await login(t.app, MEMBER_A);
    const id = await userId(MEMBER_A.email);

    const deactivated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member/${id}/deactivate`,
      headers: bearer(adminToken),
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().data).toMatchObject({ id, active: false });
    expect((await me(memberToken)).statusCode).toBe(401);

    const refused = await post('/api/auth/login', MEMBER_A);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(AUTH_MESSAGES.accountInactive);

    const activated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member/${id}/activate`,
      headers: bearer(adminToken),
    });
    expect(activated.json().data.active).toBe(true);
    expect((await me(await login(t.app, MEMBER_A))).statusCode).toBe(200);
  });

  it('does not let the member routes touch an administrator or an unknown id', async () => {
    const adminToken = await login(t.app, ADMIN, 'admin');
    const adminId = await userId(ADMIN.email);
    const onAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member/${adminId}/deactivate`,
      headers: bearer(adminToken),
    });
    expect(onAdmin.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/member/42/deactivate',
      headers: bearer(adminToken),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().success).toBe(false);
  });
});
