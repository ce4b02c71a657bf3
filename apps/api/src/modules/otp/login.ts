import { and, eq } from 'drizzle-orm';
import { OTP_MESSAGES, normalizeEmail, type LoginResult } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { LOGIN_ACTION, startSession, type AuthSettings, type ClientInfo } from '../auth/index.js';
import { verifyOtpThrottled, type OtpSettings } from './service.js';

/**
 * Member sign-in with an emailed code (purpose 'login'). Unknown, inactive and non-member
 * addresses go through the same steps and get the wrong-code answers, waits included; wrong
 * codes are counted apart from wrong passwords, so they never hold up a password sign-in.
 */
export async function loginWithOtp(
  db: Db,
  settings: AuthSettings,
  otp: OtpSettings,
  input: { email: string; otp: string },
  client: ClientInfo,
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'member'), eq(users.active, true)))
    .limit(1);
  await verifyOtpThrottled(
    db,
    otp,
    { action: LOGIN_ACTION, subject: email, method: 'otp', account: email },
    client,
    { portal: 'member' },
    { userId: user?.id, address: email, purpose: 'login', code: input.otp.trim(), mode: 'consume' },
  );
  // Never reached without an account: no code is found for an unknown address.
  if (!user) throw new HttpError(400, OTP_MESSAGES.invalidOtp);
  return startSession(db, settings, user, client);
}
