import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@registry/domain';
import { MEMBER_A, MEMBER_B, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const attempt = (app: TestApp['app'], payload: Record<string, string>, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

describe('sign-in rate limits', () => {
  it('pauses an account after repeated failures, even for the right password', async () => {
    t = await createTestApp({
      rateLimits: {
        loginPerIpPerMinute: 1000,
        loginFailuresPerAccount: 3,
        accountWindowMinutes: 15,
      },
    });
    for (let i = 0; i < 3; i += 1) {
      // Different addresses: the account limit must hold however the attacker spreads out.
      expect(
        (await attempt(t.app, { ...MEMBER_A, password: 'wrong-one' }, `10.0.1.${i}`)).statusCode,
      ).toBe(401);
    }
    const blocked = await attempt(t.app, MEMBER_A, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, error: AUTH_MESSAGES.tooManyAttempts });
    // Another account is not affected.
    expect((await attempt(t.app, MEMBER_B, '10.0.2.1')).statusCode).toBe(200);
  });

  it('limits sign-in requests per address', async () => {
    t = await createTestApp({
      rateLimits: {
        loginPerIpPerMinute: 3,
        loginFailuresPerAccount: 100,
        accountWindowMinutes: 15,
      },
    });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await attempt(t.app, MEMBER_B, '10.9.9.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await attempt(t.app, MEMBER_B, '10.9.9.9');
    expect(limited.json()).toEqual({ success: false, error: AUTH_MESSAGES.tooManyAttempts });
    expect((await attempt(t.app, MEMBER_B, '10.9.9.10')).statusCode).toBe(200);
  });
});
