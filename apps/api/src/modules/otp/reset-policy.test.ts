import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES } from '@registry/domain';
import { users } from '../../db/schema.js';
import {
  ADMIN,
  createTestApp,
  login,
  WITHOUT_ANSWER_FLOOR,
  type TestApp,
} from '../../test/harness.js';
import { latestCode } from '../../test/mail-outbox.js';
import { hashPassword } from '../auth/passwords.js';
import { commonPasswords } from '../auth/password-policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, WITHOUT_ANSWER_FLOOR);
});
afterAll(() => t.close());

let ip = 0;
const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, payload, remoteAddress: `10.9.0.${++ip}` });

const lastCode = (to: string) => latestCode(t.database.db, to);

describe('the common-password list', () => {
  it('holds the lower-cased 8+ character entries of the source list', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(17_000);
    expect(list.has('password')).toBe(true);
    expect(list.has('baseball')).toBe(true);
    for (const entry of list) {
      expect([...entry].length).toBeGreaterThanOrEqual(8);
      expect(entry).toBe(entry.toLowerCase());
    }
  });
});

describe('password policy on the reset routes', () => {
  it.each([
    ['member', '/api/members', 'change-password'],
    ['admin', '/api/admin', 'change-adminPassword'],
  ] as const)(
    'refuses a common password on the %s reset, keeps the code usable',
    async (role, base, change) => {
      const email = role === 'admin' ? ADMIN.email : `policy-${role}@example.org`;
      if (role === 'member') {
        await t.database.db
          .insert(users)
          .values({ email, role, passwordHash: await hashPassword('first-password-1') });
      }
      await send('POST', `${base}/sendotp-password`, { email });
      const otp = await lastCode(email);
      for (const newPassword of ['Password1', 'iloveyou', 'BASEBALL']) {
        const refused = await send('PUT', `${base}/${change}`, { email, otp, newPassword });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          success: false,
          error: PASSWORD_POLICY_MESSAGES.tooCommon,
          fields: { newPassword: PASSWORD_POLICY_MESSAGES.tooCommon },
        });
      }
      // 64 characters are allowed, with no composition rule.
      const long = 'a'.repeat(40) + 'horsesandhounds' + 'b'.repeat(9);
      const accepted = await send('PUT', `${base}/${change}`, { email, otp, newPassword: long });
      expect(accepted.statusCode).toBe(200);
      await login(t.app, { email, password: long }, role);
    },
  );
});
