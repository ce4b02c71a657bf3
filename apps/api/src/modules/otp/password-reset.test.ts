import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OTP_MESSAGES } from '@registry/domain';
import { auditLog, mailOutbox, otpCodes, users } from '../../db/schema.js';
import {
  ADMIN,
  bearer,
  createTestApp,
  login,
  WITHOUT_ANSWER_FLOOR,
  type TestApp,
} from '../../test/harness.js';
import { latestCode, mailsTo } from '../../test/mail-outbox.js';
import { hashPassword } from '../auth/passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, WITHOUT_ANSWER_FLOOR);
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each request from its own address, so the per-IP limits do not mix tests up. */
const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, ip?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    remoteAddress: ip ?? `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
  });

const PASSWORD = 'first-password-1';
let memberCount = 0;
async function newMember(): Promise<{ id: string; email: string }> {
  const email = `otp-member-${++memberCount}@example.org`;
  const [row] = await t.database.db
    .insert(users)
    .values({ email, role: 'member', passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  if (!row) throw new Error('no member');
  return { id: row.id, email };
}

const lastCode = (to: string) => latestCode(t.database.db, to);
const mailCount = (to: string) => mailsTo(t.database.db, to);

/** Moves the account's codes back in time, as if the resend wait had passed. */
async function ageCodes(userId: string, seconds: number): Promise<void> {
  await t.database.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(otpCodes.userId, userId));
}

const M = '/api/members';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sending a reset code', () => {
  it('mails a code to an active member and answers with the spec message', async () => {
    const member = await newMember();
    const response = await send('POST', `${M}/sendotp-password`, { email: member.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: `An OTP has been sent to ${member.email}`,
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member.email));
    expect(mail?.subject).toMatch(/password reset code/);
    expect(mail?.html).toContain(await lastCode(member.email));
    const [stored] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.userId, member.id));
    expect(stored?.codeHash).not.toContain(await lastCode(member.email));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('answers the same for unknown, wrong-role and inactive accounts and sends nothing', async () => {
    const inactive = await newMember();
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const known = await newMember();
    const known1 = await send('POST', `${M}/sendotp-password`, { email: known.email });
    for (const [url, email] of [
      [`${M}/sendotp-password`, 'nobody@example.org'],
      [`${M}/sendotp-password`, ADMIN.email],
      [`${M}/sendotp-password`, inactive.email],
      ['/api/admin/sendotp-password', known.email],
    ] as const) {
      const response = await send('POST', url, { email });
      expect(response.statusCode).toBe(known1.statusCode);
      expect(response.json()).toEqual({ ...known1.json(), message: OTP_MESSAGES.sent(email) });
    }
    expect(await mailCount('nobody@example.org')).toBe(0);
    expect(await mailCount(ADMIN.email)).toBe(0);
    expect(await mailCount(inactive.email)).toBe(0);
    expect(await mailCount(known.email)).toBe(1);
  });

  it('limits resends per account to one a minute and five an hour, answering the same', async () => {
    const member = await newMember();
    for (let i = 0; i < 2; i += 1) {
      const response = await send('POST', `${M}/sendotp-password`, { email: member.email });
      expect(response.statusCode).toBe(200);
    }
    expect(await mailCount(member.email)).toBe(1);
    for (let i = 0; i < 6; i += 1) {
      await ageCodes(member.id, 61);
      await send('POST', `${M}/sendotp-password`, { email: member.email });
    }
    expect(await mailCount(member.email)).toBe(5);
    const refusals = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'otp.issue'),
          eq(auditLog.subject, member.id),
          eq(auditLog.success, false),
        ),
      );
    expect(refusals.map((r) => r.details?.reason).sort()).toEqual([
      'hourly-limit',
      'hourly-limit',
      'too-soon',
    ]);
  });

  it('limits sends per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await send(
        'POST',
        `${M}/sendotp-password`,
        { email: 'x@example.org' },
        '10.9.9.9',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('checks the email field', async () => {
    const response = await send('POST', `${M}/sendotp-password`, { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
  });
});

describe('verifying and resetting', () => {
  it('resets a member password: old sessions end and the new password signs in', async () => {
    const member = await newMember();
    const oldToken = await login(t.app, { email: member.email, password: PASSWORD });
    await send('POST', `${M}/sendotp-password`, { email: member.email });
    const otp = await lastCode(member.email);

    const verified = await send('POST', `${M}/verifyOtp-updatepassword`, {
      email: member.email,
      otp,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, message: OTP_MESSAGES.verified });

    const changed = await send('PUT', `${M}/change-password`, {
      email: member.email,
      otp,
      newPassword: 'second-password-2',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, message: OTP_MESSAGES.passwordReset });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(oldToken),
    });
    expect(me.statusCode).toBe(401);
    await login(t.app, { email: member.email, password: 'second-password-2' });
    await expect(login(t.app, { email: member.email, password: PASSWORD })).rejects.toThrow();

    // Single use: the same code cannot reset again.
    const again = await send('PUT', `${M}/change-password`, {
      email: member.email,
      otp,
      newPassword: 'third-password-3',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(OTP_MESSAGES.invalidOtp);

    // Code checks are audited under the address typed (they are throttled by it).
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.subject, [member.id, member.email]));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['otp.issue', 'otp.verify', 'password.reset']),
    );
    expect(JSON.stringify(audit)).not.toContain(otp);
  });

  it('resets an administrator password on the admin routes, spaces allowed', async () => {
    await send('POST', '/api/admin/sendotp-password', { email: ADMIN.email });
    const otp = await lastCode(ADMIN.email);
    const verified = await send('POST', '/api/admin/verifyOtp-updatepassword', {
      email: ADMIN.email,
      otp,
    });
    expect(verified.statusCode).toBe(200);
    const changed = await send('PUT', '/api/admin/change-adminPassword', {
      email: ADMIN.email,
      otp,
      newPassword: 'new admin pass',
    });
    expect(changed.statusCode).toBe(200);
    await login(t.app, { email: ADMIN.email, password: 'new admin pass' }, 'admin');
  });

  it('refuses the member reset for a password with spaces or too short, and missing fields', async () => {
    const member = await newMember();
    await send('POST', `${M}/sendotp-password`, { email: member.email });
    const otp = await lastCode(member.email);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: member.email, otp, newPassword: 'has a space' }, OTP_MESSAGES.passwordNoSpaces],
      [{ email: member.email, otp, newPassword: 'short' }, OTP_MESSAGES.passwordTooShort],
      [{ email: member.email, otp, newPassword: '' }, OTP_MESSAGES.newPasswordRequired],
      [{ email: member.email, otp: '', newPassword: 'long-enough-1' }, OTP_MESSAGES.otpRequired],
      [{ email: member.email, otp: '12345', newPassword: 'long-enough-1' }, OTP_MESSAGES.otpLength],
    ];
    for (const [payload, message] of cases) {
      const response = await send('PUT', `${M}/change-password`, payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    // Validation failures do not use up the code.
    const ok = await send('PUT', `${M}/change-password`, {
      email: member.email,
      otp,
      newPassword: 'long-enough-1',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const member = await newMember();
    await send('POST', `${M}/sendotp-password`, { email: member.email });
    const otp = await lastCode(member.email);
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, member.id));
    const response = await send('POST', `${M}/verifyOtp-updatepassword`, {
      email: member.email,
      otp,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(OTP_MESSAGES.expiredOtp);
  });

  it('answers an unknown email like a wrong code', async () => {
    const response = await send('POST', `${M}/verifyOtp-updatepassword`, {
      email: 'nobody@example.org',
      otp: '123456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(OTP_MESSAGES.invalidOtp);
  });

  it('a code stops working after 5 wrong tries; a new code works', async () => {
    const member = await newMember();
    await send('POST', `${M}/sendotp-password`, { email: member.email });
    const first = await lastCode(member.email);
    for (let i = 0; i < 5; i += 1) {
      const response = await send('POST', `${M}/verifyOtp-updatepassword`, {
        email: member.email,
        otp: wrong(first),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(OTP_MESSAGES.invalidOtp);
    }
    const usedUp = await send('POST', `${M}/verifyOtp-updatepassword`, {
      email: member.email,
      otp: first,
    });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().error).toBe(OTP_MESSAGES.invalidOtp);
    // The member asks for a new one (after the resend wait) and it works.
    await ageCodes(member.id, 61);
    await send('POST', `${M}/sendotp-password`, { email: member.email });
    const second = await lastCode(member.email);
    const verified = await send('POST', `${M}/verifyOtp-updatepassword`, {
      email: member.email,
      otp: second,
    });
    expect(verified.statusCode).toBe(200);
  });
});
