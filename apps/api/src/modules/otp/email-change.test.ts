import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { OTP_MESSAGES, PROFILE_MESSAGES, sessionUserSchema } from '@registry/domain';
import { auditLog, mailOutbox, otpCodes, users } from '../../db/schema.js';
import {
  ADMIN,
  MEMBER_B,
  bearer,
  createTestApp,
  login,
  WITHOUT_ANSWER_FLOOR,
  type TestApp,
} from '../../test/harness.js';
import { signedInMember } from '../../test/profile-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, WITHOUT_ANSWER_FLOOR);
});
afterAll(() => t.close());

let ip = 0;
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload,
    remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
const M = '/api/members';

async function mailsTo(to: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
}

async function codeSentTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
let n = 0;
const freshAddress = () => `new-address-${++n}-${Date.now()}@example.org`;

describe('member email change', () => {
  it('mails the code to the new address, changes the email and tells the old one', async () => {
    const member = await signedInMember(t, 'email');
    const target = freshAddress();
    const sent = await post(`${M}/sendotp-email`, member.token, {
      email: ` ${target.toUpperCase()} `,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      data: null,
      message: PROFILE_MESSAGES.otpSentToEmail,
    });
    expect(await mailsTo(member.email)).toHaveLength(0);
    const otp = await codeSentTo(target);

    const changed = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(changed.statusCode).toBe(200);
    const body = changed.json();
    expect(body).toMatchObject({ success: true, message: 'Email updated successfully' });
    expect(sessionUserSchema.parse(body.data.user)).toMatchObject({ id: member.id, email: target });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email).toBe(target);
    const [told] = await mailsTo(member.email);
    expect(told?.subject).toMatch(/email address was changed/);
    expect(told?.text).toContain(target);
    // The caller stays signed in and the new address signs in.
    const meNow = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(member.token),
    });
    expect(meNow.json().data.email).toBe(target);
    await login(t.app, { email: target, password: 'first-password-1' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, member.id));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['otp.issue', 'email.change']),
    );
    expect(JSON.stringify(audit)).not.toContain(otp);
  });

  it('answers a taken address like a free one but mails it nothing (issue 29 §4)', async () => {
    const member = await signedInMember(t, 'email-dup');
    const freeAddress = freshAddress();
    const free = await post(`${M}/sendotp-email`, member.token, { email: freeAddress });
    const freeCode = await codeSentTo(freeAddress);
    const tooSoonAfterFree = await post(`${M}/sendotp-email`, member.token, {
      email: freshAddress(),
    });
    for (const taken of [MEMBER_B.email, ADMIN.email]) {
      const mailsBefore = (await mailsTo(taken)).length;
      // As if the minute between two codes had passed.
      await t.database.db
        .update(otpCodes)
        .set({ createdAt: sql`${otpCodes.createdAt} - interval '2 minutes'` })
        .where(eq(otpCodes.userId, member.id));
      const response = await post(`${M}/sendotp-email`, member.token, {
        email: taken.toUpperCase(),
      });
      expect(response.statusCode).toBe(free.statusCode);
      expect(response.json()).toEqual(free.json());
      // The other account's owner is sent nothing, and nobody has the code.
      expect(await mailsTo(taken)).toHaveLength(mailsBefore);
      // The same throttle as after a free address: the next minute's request waits.
      const tooSoon = await post(`${M}/sendotp-email`, member.token, { email: freshAddress() });
      expect(tooSoon.statusCode).toBe(tooSoonAfterFree.statusCode);
      expect(tooSoon.json()).toEqual(tooSoonAfterFree.json());
      // A guessed code fails as any wrong code does.
      const verified = await post(`${M}/verifyOtp-updateEmail`, member.token, {
        email: taken,
        otp: '000000',
      });
      expect(verified.statusCode).toBe(400);
      expect(verified.json().error).toBe(OTP_MESSAGES.invalidOtp);
    }
    // As after any newer request, the free address's earlier code no longer works.
    const late = await post(`${M}/verifyOtp-updateEmail`, member.token, {
      email: freeAddress,
      otp: freeCode,
    });
    expect(late.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email).toBe(member.email);
    const same = await post(`${M}/sendotp-email`, member.token, { email: member.email });
    expect(same.statusCode).toBe(400);
    const invalid = await post(`${M}/sendotp-email`, member.token, { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 409 when the address was taken between sending and verifying', async () => {
    const member = await signedInMember(t, 'email-race');
    const target = freshAddress();
    await post(`${M}/sendotp-email`, member.token, { email: target });
    const otp = await codeSentTo(target);
    await insertAccountWith(target);
    const response = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(response.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email).toBe(member.email);
  });

  it('refuses a code for another address, an expired code and a reused code', async () => {
    const member = await signedInMember(t, 'email-codes');
    const target = freshAddress();
    await post(`${M}/sendotp-email`, member.token, { email: target });
    const otp = await codeSentTo(target);
    const otherAddress = await post(`${M}/verifyOtp-updateEmail`, member.token, {
      email: freshAddress(),
      otp,
    });
    expect(otherAddress.statusCode).toBe(400);
    expect(otherAddress.json().error).toBe(OTP_MESSAGES.invalidOtp);

    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, member.id));
    const expired = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(OTP_MESSAGES.expiredOtp);

    await t.database.db
      .update(otpCodes)
      .set({
        expiresAt: new Date(Date.now() + 600_000),
        createdAt: sql`${otpCodes.createdAt} - make_interval(secs => 61)`,
      })
      .where(eq(otpCodes.userId, member.id));
    const used = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(used.statusCode).toBe(200);
    const reused = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(OTP_MESSAGES.invalidOtp);
  });

  it('says "Please enter a valid 6-digit OTP" for a malformed code', async () => {
    const member = await signedInMember(t, 'email-short');
    const response = await post(`${M}/verifyOtp-updateEmail`, member.token, {
      email: freshAddress(),
      otp: '123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ otp: PROFILE_MESSAGES.otpInvalid });
  });

  it('a code stops working after 5 wrong tries, then the tries wait', async () => {
    const member = await signedInMember(t, 'email-brute');
    const target = freshAddress();
    await post(`${M}/sendotp-email`, member.token, { email: target });
    const otp = await codeSentTo(target);
    for (let i = 0; i < 5; i += 1) {
      const response = await post(`${M}/verifyOtp-updateEmail`, member.token, {
        email: target,
        otp: wrong(otp),
      });
      expect(response.statusCode).toBe(400);
    }
    // Used up by the fifth wrong try: even the right code is refused.
    const usedUp = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().error).toBe(OTP_MESSAGES.invalidOtp);
    // Past the account's free tries, every address waits: a signed-in user has only this one.
    for (let i = 0; i < 4; i += 1) {
      await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp: wrong(otp) });
    }
    const waiting = await post(`${M}/verifyOtp-updateEmail`, member.token, { email: target, otp });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error).toBe(OTP_MESSAGES.tooManyOtpAttemptsWait(30));
  });

  it('limits resends to one a minute', async () => {
    const member = await signedInMember(t, 'email-resend');
    const target = freshAddress();
    expect((await post(`${M}/sendotp-email`, member.token, { email: target })).statusCode).toBe(
      200,
    );
    const again = await post(`${M}/sendotp-email`, member.token, { email: target });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toBe(OTP_MESSAGES.resendTooSoon);
    expect(await mailsTo(target)).toHaveLength(1);
  });
});

describe('admin email change', () => {
  it('tells an administrator at once that another account uses the address (409)', async () => {
    const token = await login(t.app, ADMIN, 'admin');
    const mailed = (await mailsTo(MEMBER_B.email)).length;
    const response = await post('/api/admin/sendotp', token, { email: MEMBER_B.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: PROFILE_MESSAGES.emailInUse });
    expect(await mailsTo(MEMBER_B.email)).toHaveLength(mailed);
  });

  it('changes the administrator email with the code sent to the new address', async () => {
    const token = await login(t.app, ADMIN, 'admin');
    const target = freshAddress();
    const sent = await post('/api/admin/sendotp', token, { email: target });
    expect(sent.statusCode).toBe(200);
    const otp = await codeSentTo(target);
    const changed = await post('/api/admin/verifyOtp-updateEmail', token, { email: target, otp });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      success: true,
      message: PROFILE_MESSAGES.emailUpdated,
      data: { user: { email: target, role: 'admin' } },
    });
    const [told] = await mailsTo(ADMIN.email);
    expect(told?.text).toContain(target);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.change'), eq(auditLog.success, true)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit?.details).toMatchObject({
      portal: 'admin',
      oldEmail: ADMIN.email,
      newEmail: target,
    });
    // Put it back for the other tests of this file.
    await t.database.db.update(users).set({ email: ADMIN.email }).where(eq(users.email, target));
  });
});

async function insertAccountWith(email: string) {
  await t.database.db.insert(users).values({ email, role: 'member' });
}
