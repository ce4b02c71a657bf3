import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OTP_MESSAGES,
  PROFILE_MESSAGES,
  emailChangeSendSchema,
  emailChangeVerifySchema,
  normalizeEmail,
  sessionUserSchema,
  type Role,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { mailOutbox, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { requireAuth, findUser, toSessionUser, type PictureUrl } from '../auth/index.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { recordAudit } from '../audit/index.js';
import { enqueueMail, emailChangedMail } from '../mail/index.js';
import {
  answerAfterFloor,
  issueOtp,
  verifyOtpThrottled,
  type IssueResult,
  type OtpSettings,
} from './service.js';

export interface EmailChangeRoutesOptions {
  db: Db;
  settings: OtpSettings;
  pictureUrl: PictureUrl;
  onMailQueued: () => void;
  sendPerIpPerMinute: number;
  verifyPerIpPerMinute: number;
}

const sentReply = successSchema(z.null());
const changedReply = successSchema(z.object({ user: sessionUserSchema }));
const security = [{ bearer: [] }];

/** True when an account other than `userId` already uses `email`. */
async function emailTaken(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * A code for a member's new address that another account already uses: issued exactly as for
 * a free address (the same throttle, the same voided codes, the same answer), but the mail that
 * carries it is withdrawn before the transaction commits, so the address's owner is never sent
 * it and nobody ever knows the code (issue 29 §4). `now()` is the transaction's start, which
 * the queued mail's `created_at` takes, so only this transaction's mail is withdrawn.
 */
async function issueUndelivered(
  db: Db,
  settings: OtpSettings,
  input: { userId: string; email: string },
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    const result = await issueOtp(tx, settings, {
      userId: input.userId,
      purpose: 'email-change',
      to: input.email,
      targetEmail: input.email,
    });
    await tx
      .delete(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, input.email),
          isNull(mailOutbox.sentAt),
          eq(mailOutbox.createdAt, sql`now()`),
        ),
      );
    return result;
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Change of the signed-in user's email by a code sent to the NEW address (spec §2.5): the
 * admin header dialog and the member's Profile page. The old address is told afterwards.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeRoutesOptions> = async (
  app,
  options,
) => {
  const { db, settings } = options;

  const register = (role: Role, sendPath: string) => {
    const base = role === 'admin' ? '/admin' : '/members';
    const tag = role === 'admin' ? 'admin' : 'members';
    const config = (max: number) => ({
      access: role,
      rateLimit: { max, timeWindow: 60_000 },
    });
    /** The signed-in caller, the new address they name, and an audit entry of this step. */
    const step = (request: FastifyRequest & { body: { email: string } }, action: string) => {
      const auth = requireAuth(request);
      const email = normalizeEmail(request.body.email);
      const audit = (success: boolean, details: Record<string, unknown>) =>
        recordAudit(db, {
          action,
          success,
          subject: auth.userId,
          actorId: auth.userId,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          details: { portal: role, newEmail: email, ...details },
        });
      return { auth, email, audit };
    };

    app.post(
      `${base}/${sendPath}`,
      {
        config: config(options.sendPerIpPerMinute),
        schema: {
          tags: [tag],
          summary: 'Email a code to the new address for a change of email',
          security,
          body: emailChangeSendSchema,
          response: { 200: sentReply, '4xx': failureSchema },
        },
      },
      async (request) => {
        const { auth, email, audit: auditStep } = step(request, 'otp.issue');
        const audit = (success: boolean, reason?: string, addressInUse?: boolean) =>
          auditStep(success, { purpose: 'email-change', reason, addressInUse });
        const user = await findUser(db, auth.userId);
        if (!user) throw new HttpError(401, OTP_MESSAGES.invalidOtp);
        if (user.email === email) {
          await audit(false, 'same-email');
          throw new HttpError(400, PROFILE_MESSAGES.emailSame, {
            email: PROFILE_MESSAGES.emailSame,
          });
        }
        // A member is not told whether another account (a member or an administrator) uses
        // the address: the answer, its throttle and (with the floor) its time are those of a
        // free address, but no code goes to that address (issue 29 §4), so verification can
        // only fail. Administrators see every account anyway and are told at once.
        const startedAt = performance.now();
        const taken = await emailTaken(db, email, auth.userId);
        if (taken && role === 'admin') {
          await audit(false, 'email-in-use');
          throw new HttpError(409, PROFILE_MESSAGES.emailInUse, {
            email: PROFILE_MESSAGES.emailInUse,
          });
        }
        const result = taken
          ? await issueUndelivered(db, settings, { userId: auth.userId, email })
          : await issueOtp(db, settings, {
              userId: auth.userId,
              purpose: 'email-change',
              to: email,
              targetEmail: email,
            });
        if (role === 'member') await answerAfterFloor(startedAt, settings.answerFloorMs);
        if (!result.issued) {
          await audit(false, result.reason);
          // Signed in, so there is no account to hide: say why nothing was sent.
          throw new HttpError(
            429,
            result.reason === 'too-soon' ? OTP_MESSAGES.resendTooSoon : OTP_MESSAGES.resendLimit,
          );
        }
        if (taken) {
          await audit(false, 'email-in-use-not-sent', true);
          return ok(null, PROFILE_MESSAGES.otpSentToEmail);
        }
        await audit(true);
        options.onMailQueued();
        return ok(null, PROFILE_MESSAGES.otpSentToEmail);
      },
    );

    app.post(
      `${base}/verifyOtp-updateEmail`,
      {
        config: config(options.verifyPerIpPerMinute),
        schema: {
          tags: [tag],
          summary: 'Change my email with the code sent to the new address; tells the old one',
          security,
          body: emailChangeVerifySchema,
          response: { 200: changedReply, '4xx': failureSchema },
        },
      },
      async (request) => {
        const { auth, email, audit } = step(request, 'email.change');
        // The code check is audited (and throttled) as `otp.verify` of the signed-in account.
        await verifyOtpThrottled(
          db,
          settings,
          { action: 'otp.verify', subject: auth.userId, method: 'email-code' },
          { ip: request.ip, userAgent: request.headers['user-agent'] },
          { purpose: 'email-change', portal: role, newEmail: email },
          {
            userId: auth.userId,
            address: email,
            purpose: 'email-change',
            code: request.body.otp,
            mode: 'consume',
            targetEmail: email,
          },
        );
        const updated = await db
          .transaction(async (tx) => {
            const [before] = await tx
              .select({ email: users.email })
              .from(users)
              .where(eq(users.id, auth.userId))
              .for('update');
            if (!before) throw new HttpError(401, OTP_MESSAGES.invalidOtp);
            const [row] = await tx
              .update(users)
              .set({ email, updatedAt: new Date() })
              .where(eq(users.id, auth.userId))
              .returning();
            await enqueueMail(
              tx,
              emailChangedMail(before.email, settings.associationName, { newEmail: email }),
            );
            return { row, oldEmail: before.email };
          })
          .catch(async (error: unknown) => {
            // Someone took the address between the code being sent and used.
            if (!isUniqueViolation(error)) throw error;
            await audit(false, { reason: 'email-in-use' });
            throw new HttpError(409, PROFILE_MESSAGES.emailInUse, {
              email: PROFILE_MESSAGES.emailInUse,
            });
          });
        if (!updated.row) throw new HttpError(401, OTP_MESSAGES.invalidOtp);
        await audit(true, { oldEmail: updated.oldEmail });
        options.onMailQueued();
        return ok(
          { user: toSessionUser(updated.row, options.pictureUrl) },
          PROFILE_MESSAGES.emailUpdated,
        );
      },
    );
  };

  register('admin', 'sendotp');
  register('member', 'sendotp-email');
};
