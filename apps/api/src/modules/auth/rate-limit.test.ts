import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, OTP_MESSAGES } from '@registry/domain';
import { auditLog } from '../../db/schema.js';
import { MEMBER_B, WITHOUT_ANSWER_FLOOR, createTestApp, type TestApp } from '../../test/harness.js';
import { newMember } from '../../test/limit-attacks.js';
import { latestCode } from '../../test/mail-outbox.js';
import { SECRET_THROTTLE, waitAfter } from './attempts.js';

const PASSWORD = 'the-right-passphrase-1';
let addresses = 0;
/** A client address no earlier request used. */
const freshIp = () => `10.60.${Math.floor(++addresses / 250)}.${addresses % 250}`;

describe('sign-in requests per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginPerIpPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('limits sign-in requests per address', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: MEMBER_B,
        remoteAddress: ip,
      });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await attempt('10.9.9.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await attempt('10.9.9.9');
    expect(limited.json()).toEqual({ success: false, error: AUTH_MESSAGES.tooManyAttempts });
    expect((await attempt('10.9.9.10')).statusCode).toBe(200);
  });
});

describe('waits after wrong secrets (auth/attempts.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address request limit is raised out of the way: the waits are under test.
    t = await createTestApp({ rateLimits: { loginPerIpPerMinute: 10_000 } }, WITHOUT_ANSWER_FLOOR);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const signIn = (email: string, password: string, ip: string) =>
    post('/api/auth/login', { email, password }, ip);
  /** Moves every attempt recorded about `subject` `seconds` into the past: time passing. */
  const age = (subject: string, seconds: number) =>
    t.database.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - make_interval(secs => ${seconds})` })
      .where(eq(auditLog.subject, subject));
  const answer = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    body: response.json(),
  });
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  /** The code routes an outsider can call with any address, and how to get a code mailed. */
  const codeRoutes = [
    {
      name: 'verifyOtp-updatepassword',
      send: '/api/members/sendotp-password',
      check: (email: string, otp: string, ip: string) =>
        post('/api/members/verifyOtp-updatepassword', { email, otp }, ip),
    },
    {
      name: 'sign-in by code',
      send: '/api/members/sendotp',
      check: (email: string, otp: string, ip: string) =>
        post('/api/auth/login', { email, otp }, ip),
    },
  ];

  for (const route of codeRoutes) {
    it(`${route.name}: an unknown address is answered exactly as a member's, wrong code after wrong code`, async () => {
      const member = await newMember(t.database.db, PASSWORD);
      const unknown = `nobody-${addresses}@example.org`;
      for (const email of [member.email, unknown]) await post(route.send, { email }, freshIp());
      const code = await latestCode(t.database.db, member.email);
      const wrong = wrongOf(code);

      // One attacker address, 8 wrong codes at each account.
      const fromOne = async (email: string) => {
        const ip = freshIp();
        const answers = [];
        for (let i = 0; i < 8; i += 1) answers.push(answer(await route.check(email, wrong, ip)));
        return answers;
      };
      const known = await fromOne(member.email);
      expect(await fromOne(unknown)).toEqual(known);
      expect(known.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      expect(known[0]?.body).toEqual({ success: false, error: OTP_MESSAGES.invalidOtp });
      expect(known[5]?.body).toEqual({
        success: false,
        error: OTP_MESSAGES.tooManyOtpAttemptsWait(30),
      });

      // Spread over many addresses: the account's own count, the same for both again.
      const spread = async (email: string) => {
        const answers = [];
        for (let i = 0; i < 8; i += 1) {
          answers.push(answer(await route.check(email, wrong, freshIp())));
        }
        return answers;
      };
      const knownSpread = await spread(member.email);
      expect(await spread(unknown)).toEqual(knownSpread);
      // 5 + 5 failures counted, then every new address waits.
      expect(knownSpread.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);

      // The streak on the code route never holds up the member's password, from anywhere.
      expect((await signIn(member.email, PASSWORD, freshIp())).statusCode).toBe(200);
    });
  }

  it('a code is used up by its fifth wrong try, so a brute force gets 5 guesses per code', async () => {
    const member = await newMember(t.database.db, PASSWORD);
    await post('/api/members/sendotp', { email: member.email }, freshIp());
    const code = await latestCode(t.database.db, member.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await codeRoutes[1]!.check(member.email, wrongOf(code), freshIp())).statusCode).toBe(
        400,
      );
    }
    const right = await codeRoutes[1]!.check(member.email, code, freshIp());
    expect(answer(right)).toEqual({
      status: 400,
      body: { success: false, error: OTP_MESSAGES.invalidOtp },
    });
  });

  it('wrong passwords from elsewhere never keep the member out with the right one', async () => {
    const member = await newMember(t.database.db, PASSWORD);
    const home = freshIp();
    expect((await signIn(member.email, PASSWORD, home)).statusCode).toBe(200);
    // An attacker spread over 15 addresses: 10 guesses are checked, then new addresses wait.
    const statuses = [];
    for (let i = 0; i < 15; i += 1) {
      statuses.push((await signIn(member.email, `guess-${i}-passphrase`, freshIp())).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(5).fill(429)]);
    // At home (an address the member signed in from), the member is not held up at all.
    expect((await signIn(member.email, PASSWORD, home)).statusCode).toBe(200);
    // From a new address it is a delay, not a lock: the wait is told, and then it signs in.
    const away = await signIn(member.email, PASSWORD, freshIp());
    expect(answer(away)).toEqual({
      status: 429,
      body: { success: false, error: AUTH_MESSAGES.tooManyAttemptsWait(30) },
    });
    await age(member.email, SECRET_THROTTLE.firstWaitSeconds + 1);
    expect((await signIn(member.email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('the waits from one address grow with each wrong password, and a right one ends them', async () => {
    const member = await newMember(t.database.db, PASSWORD);
    const ip = freshIp();
    const guess = () => signIn(member.email, 'a-wrong-passphrase', ip);
    for (let i = 0; i < 5; i += 1) expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
    // 30 s later one more guess is checked; then the wait is 60 s.
    await age(member.email, 31);
    expect((await guess()).statusCode).toBe(401);
    const longer = await guess();
    expect(longer.json().error).toBe(AUTH_MESSAGES.tooManyAttemptsWait(60));
    await age(member.email, 31);
    expect((await guess()).statusCode).toBe(429);
    await age(member.email, 30);
    expect((await signIn(member.email, PASSWORD, ip)).statusCode).toBe(200);
    // The right password ended this address's streak.
    expect((await guess()).statusCode).toBe(401);
  });

  it('keeps a brute force at one account to a few dozen guesses a day, however spread', () => {
    // The most failures the account-wide waits let through in a day, trying the moment each
    // wait ends from addresses the member never used.
    let failures = 0;
    let elapsed = 0;
    for (;;) {
      const wait = waitAfter(SECRET_THROTTLE, failures, SECRET_THROTTLE.freePerAccount);
      if (elapsed + wait > 24 * 3600) break;
      elapsed += wait;
      failures += 1;
    }
    // Against a 6-digit code: at most 40 in a million a day (each code also dies after 5).
    expect(failures).toBeLessThanOrEqual(40);
  });
});
