import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import {
  ATTEMPTS,
  RIGHT_AT,
  type Attempt,
  checkedWrongCodes,
  checkedWrongPasswords,
  fireAtOnce,
  newMember,
  wrongCode,
} from './limit-attacks.js';
import { latestCode, mailsTo } from './mail-outbox.js';
import { SECRET_THROTTLE } from '../modules/auth/attempts.js';
import { OTP_MAX_WRONG_TRIES } from '../modules/otp/service.js';

/**
 * The documented limits (docs/api.md): an account's secrets are checked at most
 * `freePerAccount` times from addresses it never signed in from before the waits start, and a
 * code at most OTP_MAX_WRONG_TRIES times.
 */
const ALLOWED = SECRET_THROTTLE.freePerAccount;
const PASSWORD = 'the-right-passphrase-1';

/**
 * The per-account limits under 100 concurrent attempts, as `it` blocks. `target` gives the
 * servers to spread the requests over (all on one database) and a handle on that database.
 */
export function limitScenarios(target: () => { apps: FastifyInstance[]; db: Db }): void {
  const refusedUnchecked = (statuses: number[]) => {
    expect(statuses).not.toContain(200);
    expect(statuses[RIGHT_AT]).toBe(429);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(ALLOWED);
  };
  /** ATTEMPTS code guesses at once: the right code at RIGHT_AT, wrong ones everywhere else. */
  const guessCodes = (apps: FastifyInstance[], code: string, request: (otp: string) => Attempt) =>
    fireAtOnce(apps, ATTEMPTS, (i) => request(i === RIGHT_AT ? code : wrongCode(code, i)));
  /** One request from an address of its own, apart from the addresses of the burst. */
  const sendFrom = (app: FastifyInstance, remoteAddress: string, url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });

  it('checks a sign-in code at most 5 times and refuses the right one after them', async () => {
    const { apps, db } = target();
    const member = await newMember(db, PASSWORD);
    const [first] = apps as [FastifyInstance];
    const sent = await sendFrom(first, '10.30.0.1', '/api/members/sendotp', {
      email: member.email,
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(db, member.email);
    const statuses = await guessCodes(apps, code, (otp) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, otp },
    }));
    refusedUnchecked(statuses);
    expect(await checkedWrongCodes(db, member.id)).toBeLessThanOrEqual(OTP_MAX_WRONG_TRIES);
    const again = await sendFrom(first, '10.30.0.2', '/api/auth/login', {
      email: member.email,
      otp: code,
    });
    expect(again.statusCode).toBe(429);
  });

  it('checks a reset code at most 5 times; the right one after them does not reset', async () => {
    const { apps, db } = target();
    const member = await newMember(db, PASSWORD);
    const [first] = apps as [FastifyInstance];
    await sendFrom(first, '10.30.1.1', '/api/members/sendotp-password', { email: member.email });
    const code = await latestCode(db, member.email);
    const statuses = await guessCodes(apps, code, (otp) => ({
      method: 'PUT',
      url: '/api/members/change-password',
      payload: { email: member.email, otp, newPassword: 'an-attacker-passphrase-7' },
    }));
    refusedUnchecked(statuses);
    expect(await checkedWrongCodes(db, member.id)).toBeLessThanOrEqual(OTP_MAX_WRONG_TRIES);
    // The password is still the member's own.
    const own = await sendFrom(first, '10.30.1.2', '/api/auth/login', {
      email: member.email,
      password: PASSWORD,
    });
    expect(own.statusCode).toBe(200);
  });

  it('checks at most 10 passwords from new addresses and refuses the right one after them', async () => {
    const { apps, db } = target();
    const member = await newMember(db, PASSWORD);
    const statuses = await fireAtOnce(apps, ATTEMPTS, (i) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: i === RIGHT_AT ? PASSWORD : `wrong-guess-${i}` },
    }));
    refusedUnchecked(statuses);
    expect(await checkedWrongPasswords(db, member.email)).toBeLessThanOrEqual(ALLOWED);
  });

  it('a burst of sign-ins with the right password never locks the account', async () => {
    const { apps, db } = target();
    const member = await newMember(db, PASSWORD);
    // More at once than the account has slots: some are refused unchecked (429)...
    const statuses = await fireAtOnce(apps, 30, () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: PASSWORD },
    }));
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses).toContain(200);
    // ...but those refusals are not failures: the member signs in at once afterwards.
    const [first] = apps as [FastifyInstance];
    const after = await sendFrom(first, '10.30.2.1', '/api/auth/login', {
      email: member.email,
      password: PASSWORD,
    });
    expect(after.statusCode).toBe(200);
  });

  it('mails one reset code for 30 requests at once', async () => {
    const { apps, db } = target();
    const member = await newMember(db, PASSWORD);
    const statuses = await fireAtOnce(apps, 30, () => ({
      method: 'POST',
      url: '/api/members/sendotp-password',
      payload: { email: member.email },
    }));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await mailsTo(db, member.email)).toBe(1);
  });
}
