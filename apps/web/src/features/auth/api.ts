import type {
  EmailChangeVerifyInput,
  LoginInput,
  LoginResult,
  OtpLoginInput,
  ResetPasswordInput,
  SessionUser,
  VerifyOtpInput,
} from '@registry/domain';
import { api } from '../../lib/api-client';

// A 401 from these means wrong credentials, so it must not run the session-expired logout.
const signInConfig = { skipUnauthorizedHandler: true } as const;

export function signInAdmin(credentials: LoginInput) {
  return api.post<LoginResult>('auth/admin-login', credentials, signInConfig);
}

export function signInMember(credentials: LoginInput) {
  return api.post<LoginResult>('auth/login', credentials, signInConfig);
}

export type ResetPortal = 'admin' | 'member';

/** The three calls of each portal's forgot-password flow (docs/api.md, spec §7.2). */
const RESET_PATHS: Record<ResetPortal, { send: string; verify: string; reset: string }> = {
  admin: {
    send: 'admin/sendotp-password',
    verify: 'admin/verifyOtp-updatepassword',
    reset: 'admin/change-adminPassword',
  },
  member: {
    send: 'members/sendotp-password',
    verify: 'members/verifyOtp-updatepassword',
    reset: 'members/change-password',
  },
};

export function sendResetCode(portal: ResetPortal, email: string) {
  return api.post<null>(RESET_PATHS[portal].send, { email });
}

export function verifyResetCode(portal: ResetPortal, input: VerifyOtpInput) {
  return api.post<null>(RESET_PATHS[portal].verify, input);
}

export function resetPassword(portal: ResetPortal, input: ResetPasswordInput) {
  return api.put<null>(RESET_PATHS[portal].reset, input);
}

/** Member sign-in by emailed code: the code goes out, then auth/login takes `{ email, otp }`. */
export function sendMemberLoginCode(email: string) {
  return api.post<null>('members/sendotp', { email });
}

export function signInMemberWithCode(input: OtpLoginInput) {
  return api.post<LoginResult>('auth/login', input, signInConfig);
}

/** The administrator's change-email calls, handed to the shared dialog. */
export function sendAdminEmailCode(email: string) {
  return api.post<null>('admin/sendotp', { email });
}

export function verifyAdminEmailCode(input: EmailChangeVerifyInput) {
  return api.post<{ user: SessionUser }>('admin/verifyOtp-updateEmail', input);
}
