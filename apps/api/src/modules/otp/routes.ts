import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OTP_MESSAGES,
  adminResetPasswordSchema,
  memberResetPasswordSchema,
  normalizeEmail,
  sendOtpSchema,
  verifyOtpSchema,
  type Role,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { recordAudit } from '../audit/index.js';
import { assertPasswordAllowed, setPassword } from '../auth/index.js';
import { activeAccountByEmail } from './accounts.js';
import { answerAfterFloor, issueOtp, verifyOtpThrottled, type OtpSettings } from './service.js';

export { CODE_REQUEST_ANSWER_MS } from './service.js';

export interface PasswordResetRoutesOptions {
  db: Db;
  settings: OtpSettings;
  /** Called after a code was queued, so the mail goes out at once. */
  onMailQueued: () => void;
  sendPerIpPerMinute: number;
  verifyPerIpPerMinute: number;
}

const messageReply = successSchema(z.null());

/** Forgot-password by one-time code, for both portals (spec §2.3, §2.4). All public. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  options,
) => {
  const { db, settings } = options;

  /** Issues and mails a code if an active account of `role` has this email; audits either way. */
  const sendCode = async (
    rawEmail: string,
    role: Role,
    purpose: 'password-reset' | 'login',
    client: { ip: string; userAgent: string | undefined },
  ) => {
    const email = normalizeEmail(rawEmail);
    const user = await activeAccountByEmail(db, email, role);
    if (!user) {
      await recordAudit(db, {
        action: 'otp.issue',
        success: false,
        subject: email,
        ...client,
        details: { purpose, portal: role, reason: 'no-account' },
      });
      return;
    }
    const result = await issueOtp(db, settings, { userId: user.id, purpose, to: user.email });
    await recordAudit(db, {
      action: 'otp.issue',
      success: result.issued,
      subject: user.id,
      actorId: user.id,
      ...client,
      details: { purpose, portal: role, ...(result.issued ? {} : { reason: result.reason }) },
    });
    if (result.issued) options.onMailQueued();
  };

  const routes = (
    role: Role,
    paths: { send: string; verify: string; change: string },
    tag: string,
  ) => {
    const base = role === 'admin' ? '/admin' : '/members';

    app.post(
      `${base}/${paths.send}`,
      {
        config: {
          access: 'public',
          rateLimit: { max: options.sendPerIpPerMinute, timeWindow: 60_000 },
        },
        schema: {
          tags: [tag],
          summary: 'Email a password-reset code (same answer for unknown addresses)',
          body: sendOtpSchema,
          response: { 200: messageReply, '4xx': failureSchema },
        },
      },
      async (request) => {
        const startedAt = performance.now();
        await sendCode(request.body.email, role, 'password-reset', {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await answerAfterFloor(startedAt, settings.answerFloorMs);
        // The same answer, as late, whether or not the account exists or was rate-limited.
        return ok(null, OTP_MESSAGES.sent(request.body.email.trim()));
      },
    );

    /**
     * Checks a reset code, throttled per address typed (otp/service.ts, verifyOtpThrottled):
     * an address without an account of this portal goes through the same steps and answers.
     */
    const checkCode = async (
      rawEmail: string,
      code: string,
      mode: 'check' | 'consume',
      client: { ip: string; userAgent: string | undefined },
    ) => {
      const email = normalizeEmail(rawEmail);
      const user = await activeAccountByEmail(db, email, role);
      await verifyOtpThrottled(
        db,
        settings,
        { action: 'otp.verify', subject: email, method: 'reset-code', account: email },
        client,
        { purpose: 'password-reset', portal: role, mode },
        { userId: user?.id, address: email, purpose: 'password-reset', code, mode },
      );
      // Never reached without an account: no code is found for an unknown address.
      if (!user) throw new HttpError(400, OTP_MESSAGES.invalidOtp);
      return user;
    };

    const verifyLimit = {
      access: 'public' as const,
      rateLimit: { max: options.verifyPerIpPerMinute, timeWindow: 60_000 },
    };

    app.post(
      `${base}/${paths.verify}`,
      {
        config: verifyLimit,
        schema: {
          tags: [tag],
          summary: 'Check a password-reset code before asking for the new password',
          body: verifyOtpSchema,
          response: { 200: messageReply, '4xx': failureSchema },
        },
      },
      async (request) => {
        await checkCode(request.body.email, request.body.otp, 'check', {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return ok(null, OTP_MESSAGES.verified);
      },
    );

    app.put(
      `${base}/${paths.change}`,
      {
        config: verifyLimit,
        schema: {
          tags: [tag],
          summary: 'Set a new password with a reset code; ends every session of the account',
          body: role === 'admin' ? adminResetPasswordSchema : memberResetPasswordSchema,
          response: { 200: messageReply, '4xx': failureSchema },
        },
      },
      async (request) => {
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
        // Before the code is used up: a refused password must not cost the code.
        assertPasswordAllowed(request.body.newPassword, { allowSpaces: role === 'admin' });
        const user = await checkCode(request.body.email, request.body.otp, 'consume', client);
        await setPassword(db, user.id, request.body.newPassword);
        await recordAudit(db, {
          action: 'password.reset',
          success: true,
          subject: user.id,
          actorId: user.id,
          ...client,
          details: { portal: role, via: 'otp' },
        });
        return ok(null, OTP_MESSAGES.passwordReset);
      },
    );
  };

  routes(
    'member',
    {
      send: 'sendotp-password',
      verify: 'verifyOtp-updatepassword',
      change: 'change-password',
    },
    'members',
  );
  app.post(
    '/members/sendotp',
    {
      config: {
        access: 'public',
        rateLimit: { max: options.sendPerIpPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['members'],
        summary: 'Email a sign-in code; then POST auth/login with { email, otp }',
        body: sendOtpSchema,
        response: { 200: messageReply, '4xx': failureSchema },
      },
    },
    async (request) => {
      const startedAt = performance.now();
      await sendCode(request.body.email, 'member', 'login', {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await answerAfterFloor(startedAt, settings.answerFloorMs);
      return ok(null, OTP_MESSAGES.sent(request.body.email.trim()));
    },
  );

  routes(
    'admin',
    {
      send: 'sendotp-password',
      verify: 'verifyOtp-updatepassword',
      change: 'change-adminPassword',
    },
    'admin',
  );
};
