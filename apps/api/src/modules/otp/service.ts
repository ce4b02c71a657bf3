import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { OTP_LENGTH, OTP_MESSAGES } from '@registry/domain';
import { lockFor } from '../../db/advisory-lock.js';
import type { Db } from '../../db/client.js';
import { otpCodes, type OtpPurpose } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  reserveAttempt,
  type Channel,
  type ClientAddress,
  type ThrottlePolicy,
} from '../auth/index.js';
import { enqueueMail, otpMail } from '../mail/index.js';

export const OTP_TTL_MINUTES = 10;
/**
 * Wrong tries a code takes before it stops working (the member asks for a new one). Waits
 * between tries, per account and address, are the throttle's (auth/attempts.ts).
 */
export const OTP_MAX_WRONG_TRIES = 5;
/** Never a user's id (those are random v4 UUIDs): the code lookup for an unknown address. */
const NO_USER = '00000000-0000-0000-0000-000000000000';
/** Codes per account and purpose: one a minute, five an hour. */
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;

const HOUR_MS = 3_600_000;

/**
 * Code requests and code checks are answered no sooner than this after they start, for known
 * and unknown addresses alike: issuing a code, or counting a wrong try on one, takes a few more
 * database writes than the same step for an address without an account, and the difference
 * must not tell an outsider which addresses have accounts
 * (docs/decisions/0044-limits-checked-under-an-advisory-lock.md and
 * docs/decisions/0043-throttling-without-lock-outs.md).
 */
export const CODE_REQUEST_ANSWER_MS = 250;

export async function answerAfterFloor(startedAt: number, floorMs: number): Promise<void> {
  const wait = startedAt + floorMs - performance.now();
  if (wait > 0) await sleep(wait);
}

/** HMAC key for codes, derived from the server secret (a code is never stored in clear). */
export function otpKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('registry one-time passcodes v1').digest();
}

function hashCode(key: Buffer, userId: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', key).update(`${userId}:${purpose}:${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export interface OtpSettings {
  key: Buffer;
  associationName: string;
  /** Waits after wrong codes, per account and address (auth/attempts.ts). */
  throttle: ThrottlePolicy;
  /** The floor of code answers: CODE_REQUEST_ANSWER_MS unless a test not about time says 0. */
  answerFloorMs: number;
}

export type IssueResult = { issued: true } | { issued: false; reason: 'too-soon' | 'hourly-limit' };

/**
 * Makes a code for `userId` and queues the mail to `to`, in one transaction. Earlier unused
 * codes of the same purpose stop working. Refuses (without throwing) when the account asked
 * too often: callers decide whether to say so.
 */
export async function issueOtp(
  db: Db,
  settings: OtpSettings,
  input: { userId: string; purpose: OtpPurpose; to: string; targetEmail?: string },
  now: Date = new Date(),
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    // Concurrent requests for the same account and purpose take turns: each sees the code the
    // previous one made, so one a minute holds on every server
    // (docs/decisions/0044-limits-checked-under-an-advisory-lock.md).
    await lockFor(tx, otpLockKey(input.userId, input.purpose));
    const recent = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.userId, input.userId),
          eq(otpCodes.purpose, input.purpose),
          gt(otpCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      )
      .orderBy(desc(otpCodes.createdAt));
    const latest = recent[0];
    if (latest && now.getTime() - latest.createdAt.getTime() < OTP_RESEND_SECONDS * 1000) {
      return { issued: false as const, reason: 'too-soon' as const };
    }
    if (recent.length >= OTP_MAX_PER_HOUR) {
      return { issued: false as const, reason: 'hourly-limit' as const };
    }
    await tx
      .update(otpCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(otpCodes.userId, input.userId),
          eq(otpCodes.purpose, input.purpose),
          isNull(otpCodes.usedAt),
        ),
      );
    const code = generateCode();
    await tx.insert(otpCodes).values({
      userId: input.userId,
      purpose: input.purpose,
      codeHash: hashCode(settings.key, input.userId, input.purpose, code),
      targetEmail: input.targetEmail ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueMail(
      tx,
      otpMail(input.to, settings.associationName, input.purpose, code, OTP_TTL_MINUTES),
    );
    return { issued: true as const };
  });
}

/** The advisory lock serialising the issue and the check of one account's codes of a purpose. */
function otpLockKey(userId: string, purpose: OtpPurpose): string {
  return `otp:${userId}:${purpose}`;
}

export type VerifyMode =
  /** Check the code and remember it was checked; it stays usable for the next step. */
  | 'check'
  /** Check the code and use it up. */
  | 'consume';

/**
 * Checks `code` against the account's newest live code of `purpose`, in constant time. A wrong
 * try counts on the code, and its OTP_MAX_WRONG_TRIES-th uses it up. Without `userId` (an
 * address with no account) the same steps run and find no code, so the answer and its time
 * are those of a wrong code. Throws HttpError 400 (wrong, used up or expired); returns the row.
 */
export async function verifyOtp(
  db: Db,
  settings: OtpSettings,
  input: {
    userId: string | undefined;
    /** The address the code was asked for: names the lock when there is no account. */
    address: string;
    purpose: OtpPurpose;
    code: string;
    mode: VerifyMode;
    /** An email-change code works only for the address it was sent to. */
    targetEmail?: string;
  },
  now: Date = new Date(),
): Promise<{ id: string; targetEmail: string | null }> {
  const userId = input.userId ?? NO_USER;
  // Check and record in one transaction under the account's lock: concurrent tries (from any
  // server) are checked one after another, each seeing the tries counted before it.
  const outcome = await db.transaction(
    async (tx): Promise<{ id: string; targetEmail: string | null } | HttpError> => {
      await lockFor(tx, otpLockKey(input.userId ?? `address:${input.address}`, input.purpose));
      const [row] = await tx
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.userId, userId),
            eq(otpCodes.purpose, input.purpose),
            isNull(otpCodes.usedAt),
          ),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (!row) return new HttpError(400, OTP_MESSAGES.invalidOtp);
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hashCode(settings.key, userId, input.purpose, input.code), 'hex');
      const sameTarget = input.targetEmail === undefined || input.targetEmail === row.targetEmail;
      if (!timingSafeEqual(expected, given) || !sameTarget) {
        const usedUp = row.attempts + 1 >= OTP_MAX_WRONG_TRIES;
        await tx
          .update(otpCodes)
          .set({ attempts: sql`${otpCodes.attempts} + 1`, ...(usedUp ? { usedAt: now } : {}) })
          .where(eq(otpCodes.id, row.id));
        // Returned, not thrown: the counted try must be committed.
        return new HttpError(400, OTP_MESSAGES.invalidOtp);
      }
      if (row.expiresAt.getTime() <= now.getTime()) {
        return new HttpError(400, OTP_MESSAGES.expiredOtp);
      }
      await tx
        .update(otpCodes)
        .set(input.mode === 'consume' ? { usedAt: now } : { verifiedAt: now })
        .where(eq(otpCodes.id, row.id));
      return { id: row.id, targetEmail: row.targetEmail };
    },
  );
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

/**
 * A code check from a client, throttled: the attempt is counted on `channel` before the code
 * is compared (auth/attempts.ts), and settled with the outcome. The channel is named by the
 * address typed, never by whether it has an account, so an address with no account is counted
 * and answered exactly as one with an account: 400 for each wrong code, then 429 with the same
 * wait, never sooner than CODE_REQUEST_ANSWER_MS. Throws HttpError 429 before the wait is
 * over, else as verifyOtp.
 */
export async function verifyOtpThrottled(
  db: Db,
  settings: OtpSettings,
  channel: Channel,
  client: ClientAddress,
  details: Record<string, unknown>,
  input: Parameters<typeof verifyOtp>[2],
): Promise<{ id: string; targetEmail: string | null }> {
  const startedAt = performance.now();
  try {
    return await checkThrottled(db, settings, channel, client, details, input);
  } finally {
    await answerAfterFloor(startedAt, settings.answerFloorMs);
  }
}

async function checkThrottled(
  db: Db,
  settings: OtpSettings,
  channel: Channel,
  client: ClientAddress,
  details: Record<string, unknown>,
  input: Parameters<typeof verifyOtp>[2],
): Promise<{ id: string; targetEmail: string | null }> {
  const { attempt, retryAfterSeconds } = await reserveAttempt(
    db,
    settings.throttle,
    channel,
    client,
    details,
  );
  if (!attempt) throw new HttpError(429, OTP_MESSAGES.tooManyOtpAttemptsWait(retryAfterSeconds));
  try {
    const checked = await verifyOtp(db, settings, input);
    await attempt.settle(true, 'ok', input.userId);
    return checked;
  } catch (error) {
    const reason = !input.userId
      ? 'no-account'
      : error instanceof HttpError
        ? error.message
        : 'error';
    await attempt.settle(false, reason, input.userId);
    throw error;
  }
}
