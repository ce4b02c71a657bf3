import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, OTP_MESSAGES } from '@registry/domain';
import { mailOutbox } from '../../db/schema.js';
import {
  ADMIN,
  MEMBER_A,
  bearer,
  createTestApp,
  WITHOUT_ANSWER_FLOOR,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, WITHOUT_ANSWER_FLOOR);
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

async function lastMail(to: string) {
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row;
}

describe('member sign-in by emailed code', () => {
  it('mails a sign-in code and signs in once with it', async () => {
    const sent = await post('/api/members/sendotp', { email: MEMBER_A.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(OTP_MESSAGES.sent(MEMBER_A.email));
    const mail = await lastMail(MEMBER_A.email);
    expect(mail?.subject).toMatch(/sign-in code/);
    const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(otp).toBeDefined();

    const signedIn = await post('/api/auth/login', { email: MEMBER_A.email, otp });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.role).toBe('member');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(signedIn.json().data.token as string),
    });
    expect(me.statusCode).toBe(200);

    const reused = await post('/api/auth/login', { email: MEMBER_A.email, otp });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(OTP_MESSAGES.invalidOtp);
  });

  it('sends nothing to administrators or unknown addresses, with the same answer', async () => {
    for (const email of [ADMIN.email, 'nobody@example.org']) {
      const sent = await post('/api/members/sendotp', { email });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().message).toBe(OTP_MESSAGES.sent(email));
      expect(await lastMail(email)).toBeUndefined();
    }
    const login = await post('/api/auth/login', { email: ADMIN.email, otp: '123456' });
    expect(login.statusCode).toBe(400);
  });

  it('keeps the password sign-in messages', async () => {
    const response = await post('/api/auth/login', { email: 'bad' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordRequired,
    });
    const short = await post('/api/auth/login', { email: MEMBER_A.email, otp: '12' });
    expect(short.json().fields).toEqual({ otp: OTP_MESSAGES.otpLength });
  });
});
