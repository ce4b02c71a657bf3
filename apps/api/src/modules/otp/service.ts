import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import { OTP_LENGTH, OTP_MESSAGES } from '@registry/domain';
import { lockFor } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/client.js';
import { otpCodes, type OtpPurpose } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { enqueueMail } from '../mail/outbox.js';
import { otpMail } from '../mail/templates.js';

export const OTP_TTL_MINUTES = 10;
/** Failed tries per account and purpose within an hour, whatever the number of codes sent. */
export const OTP_MAX_FAILURES = 5;
/** Codes per account and purpose: one a minute, five an hour. */
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;

const HOUR_MS = 3_600_000;

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
    // previous one made, so one a minute holds on every server (docs/decisions.md).
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

/** Failed tries of this account and purpose within the last hour. */
async function recentFailures(
  db: Executor,
  userId: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sum(otpCodes.attempts), codes: count() })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, purpose),
        gt(otpCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

export type VerifyMode =
  /** Check the code and remember it was checked; it stays usable for the next step. */
  | 'check'
  /** Check the code and use it up. */
  | 'consume';

/**
 * Checks `code` against the account's newest live code of `purpose`, in constant time.
 * Throws HttpError 400 (wrong or expired) or 429 (too many failures); returns the code row.
 */
export async function verifyOtp(
  db: Db,
  settings: OtpSettings,
  input: {
    userId: string;
    purpose: OtpPurpose;
    code: string;
    mode: VerifyMode;
    /** An email-change code works only for the address it was sent to. */
    targetEmail?: string;
  },
  now: Date = new Date(),
): Promise<{ id: string; targetEmail: string | null }> {
  // Count, check and record in one transaction under the account's lock: concurrent tries
  // (from any server) are checked one after another, each seeing the failures before it.
  const outcome = await db.transaction(
    async (tx): Promise<{ id: string; targetEmail: string | null } | HttpError> => {
      await lockFor(tx, otpLockKey(input.userId, input.purpose));
      if ((await recentFailures(tx, input.userId, input.purpose, now)) >= OTP_MAX_FAILURES) {
        return new HttpError(429, OTP_MESSAGES.tooManyOtpAttempts);
      }
      const [row] = await tx
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.userId, input.userId),
            eq(otpCodes.purpose, input.purpose),
            isNull(otpCodes.usedAt),
          ),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (!row) return new HttpError(400, OTP_MESSAGES.invalidOtp);
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(
        hashCode(settings.key, input.userId, input.purpose, input.code),
        'hex',
      );
      const sameTarget = input.targetEmail === undefined || input.targetEmail === row.targetEmail;
      if (!timingSafeEqual(expected, given) || !sameTarget) {
        await tx
          .update(otpCodes)
          .set({ attempts: sql`${otpCodes.attempts} + 1` })
          .where(eq(otpCodes.id, row.id));
        // Returned, not thrown: the counted failure must be committed.
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
