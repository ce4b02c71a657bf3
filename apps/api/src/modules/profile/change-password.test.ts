import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, PASSWORD_POLICY_MESSAGES, PROFILE_MESSAGES } from '@registry/domain';
import { auditLog } from '../../db/schema.js';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { MEMBER_PASSWORD, signedInMember } from '../../test/profile-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/members/change-memberPassword',
    headers: bearer(token),
    payload,
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('PUT members/change-memberPassword', () => {
  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const member = await signedInMember(t, 'chpw');
    const otherDevice = await login(t.app, { email: member.email, password: MEMBER_PASSWORD });
    const response = await change(member.token, {
      currentPassword: MEMBER_PASSWORD,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: null,
      message: PROFILE_MESSAGES.passwordChanged,
    });
    expect((await me(member.token)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    await expect(
      login(t.app, { email: member.email, password: MEMBER_PASSWORD }),
    ).rejects.toThrow();
    await login(t.app, { email: member.email, password: 'a-brand-new-passphrase' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, member.id), eq(auditLog.action, 'password.change')));
    expect(audit?.success).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('a-brand-new-passphrase');
  });

  it('refuses a wrong current password, counting it as a failed sign-in', async () => {
    const member = await signedInMember(t, 'chpw-wrong');
    for (let i = 0; i < 5; i += 1) {
      const response = await change(member.token, {
        currentPassword: 'not-my-password',
        newPassword: 'a-brand-new-passphrase',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: PROFILE_MESSAGES.currentPasswordIncorrect,
        fields: { currentPassword: PROFILE_MESSAGES.currentPasswordIncorrect },
      });
    }
    // Five wrong passwords from this address: the next try from it waits (auth/attempts.ts).
    const blocked = await change(member.token, {
      currentPassword: MEMBER_PASSWORD,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(AUTH_MESSAGES.tooManyAttemptsWait(30));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: MEMBER_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    // The wait is this address's: the member signs in from another at once.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: MEMBER_PASSWORD },
      remoteAddress: '10.77.0.1',
    });
    expect(elsewhere.statusCode).toBe(200);
    expect((await me(member.token)).statusCode).toBe(200);
  });

  it('applies the password policy, common passwords included', async () => {
    const member = await signedInMember(t, 'chpw-policy');
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { currentPassword: MEMBER_PASSWORD, newPassword: 'short' },
        PASSWORD_POLICY_MESSAGES.tooShort,
      ],
      [
        { currentPassword: MEMBER_PASSWORD, newPassword: 'has spaces in it' },
        PASSWORD_POLICY_MESSAGES.noSpaces,
      ],
      [
        { currentPassword: MEMBER_PASSWORD, newPassword: 'Password123' },
        PASSWORD_POLICY_MESSAGES.tooCommon,
      ],
      [
        { currentPassword: MEMBER_PASSWORD, newPassword: 'qwertyuiop' },
        PASSWORD_POLICY_MESSAGES.tooCommon,
      ],
      [
        { currentPassword: '', newPassword: 'fine-password-9' },
        PROFILE_MESSAGES.currentPasswordRequired,
      ],
      [{ currentPassword: MEMBER_PASSWORD }, PASSWORD_POLICY_MESSAGES.newPasswordRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await change(member.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({
        [payload.currentPassword === '' ? 'currentPassword' : 'newPassword']: message,
      });
    }
    await login(t.app, { email: member.email, password: MEMBER_PASSWORD });
  });
});
