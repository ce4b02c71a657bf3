import { and, eq } from 'drizzle-orm';
import { OTP_MESSAGES, normalizeEmail, type LoginResult } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { loginAuditor, startSession, type AuthSettings, type ClientInfo } from '../auth/service.js';
import { verifyOtp, type OtpSettings } from './service.js';

/**
 * Member sign-in with an emailed code (purpose 'login'). Unknown, inactive and non-member
 * addresses get the wrong-code answer; the code's own limits (5 failures an hour) apply.
 */
export async function loginWithOtp(
  db: Db,
  settings: AuthSettings,
  otp: OtpSettings,
  input: { email: string; otp: string },
  client: ClientInfo,
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const audit = loginAuditor(db, email, client, { portal: 'member', method: 'otp' });
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'member'), eq(users.active, true)))
    .limit(1);
  if (!user) {
    await audit(false, 'no-account');
    throw new HttpError(400, OTP_MESSAGES.invalidOtp);
  }
  try {
    await verifyOtp(db, otp, {
      userId: user.id,
      purpose: 'login',
      code: input.otp.trim(),
      mode: 'consume',
    });
  } catch (error) {
    await audit(false, error instanceof HttpError ? error.message : 'error', user.id);
    throw error;
  }
  const result = await startSession(db, settings, user, client);
  await audit(true, 'ok', user.id);
  return result;
}
