import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  OTP_MESSAGES,
  emailField,
  newPasswordField,
  otpField,
  type ApiSuccess,
} from '@registry/domain';
import { messageOr } from '../../lib/api-message';
import { firstIssue } from '../../lib/first-issue';
import { ROUTES } from '../../lib/routes';
import { useToast } from '../../stores/use-toast';
import { resetPassword, sendResetCode, verifyResetCode, type ResetPortal } from './api';

export type ResetStep = 'email' | 'otp' | 'password';

/** Spec §8's fallbacks, used when the server gives no message of its own. */
export const RESET_FALLBACKS = {
  send: 'Failed to send OTP. Please try again.',
  verify: OTP_MESSAGES.invalidOtp,
  reset: 'Failed to reset password. Please try again.',
} as const;

/** How long the member sees the success message before the sign-in page (spec §2.4). */
export const MEMBER_REDIRECT_DELAY_MS = 2000;

interface Status {
  kind: 'success' | 'danger';
  text: string;
}

/**
 * The three steps of the reset (spec §2.3, §2.4, §4): email, code, new password. Admin and
 * member differ in what happens after the last step: the admin flow returns to step 1 only on
 * success, the member flow after every attempt, and the member waits 2 s before sign-in.
 */
export function useForgotPassword(portal: ResetPortal) {
  const navigate = useNavigate();
  const toast = useToast();
  const [step, setStep] = useState<ResetStep>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const allowSpaces = portal === 'admin';
  const passwordSchema = newPasswordField({ allowSpaces });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function goTo(next: ResetStep) {
    setStep(next);
    setSubmitted(false);
    setFieldError(undefined);
  }

  function startOver(keepEmail: boolean) {
    if (!keepEmail) setEmail('');
    setOtp('');
    setPassword('');
    goTo('email');
  }

  /** Field messages appear on submit, then follow each change; spaces are refused at once. */
  function changePassword(value: string) {
    setPassword(value);
    if (submitted) setFieldError(firstIssue(passwordSchema, value));
    else if (!allowSpaces && /\s/.test(value)) setFieldError(OTP_MESSAGES.passwordNoSpaces);
    else setFieldError(undefined);
  }

  function changeEmail(value: string) {
    setEmail(value);
    if (submitted) setFieldError(firstIssue(emailField, value));
  }

  function changeOtp(value: string) {
    setOtp(value);
    if (submitted) setFieldError(firstIssue(otpField, value));
  }

  async function run(call: () => Promise<ApiSuccess<unknown>>, fallback: string) {
    setBusy(true);
    setStatus(null);
    try {
      return await call();
    } catch (caught) {
      setStatus({ kind: 'danger', text: messageOr(caught, fallback) });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function submit(): Promise<void> {
    if (busy) return;
    setSubmitted(true);
    const value = step === 'email' ? email : step === 'otp' ? otp : password;
    const schema = step === 'email' ? emailField : step === 'otp' ? otpField : passwordSchema;
    const problem = firstIssue(schema, value);
    setFieldError(problem);
    if (problem) return;
    const address = email.trim();

    if (step === 'email') {
      const answer = await run(() => sendResetCode(portal, address), RESET_FALLBACKS.send);
      if (!answer) return;
      setStatus({ kind: 'success', text: answer.message ?? OTP_MESSAGES.sent(address) });
      goTo('otp');
    } else if (step === 'otp') {
      const answer = await run(
        () => verifyResetCode(portal, { email: address, otp }),
        RESET_FALLBACKS.verify,
      );
      if (!answer) return;
      setStatus({ kind: 'success', text: answer.message ?? OTP_MESSAGES.verified });
      goTo('password');
    } else {
      const answer = await run(
        () => resetPassword(portal, { email: address, otp, newPassword: password }),
        RESET_FALLBACKS.reset,
      );
      if (answer) {
        setStatus({ kind: 'success', text: answer.message ?? OTP_MESSAGES.passwordReset });
        toast.success(`${OTP_MESSAGES.passwordReset}.`);
        startOver(false);
        if (portal === 'admin') {
          navigate(ROUTES.adminLogin.path);
        } else {
          redirectTimer.current = setTimeout(
            () => navigate(ROUTES.memberLogin.path),
            MEMBER_REDIRECT_DELAY_MS,
          );
        }
      } else if (portal === 'member') {
        // The member flow starts again whatever happened; the address is kept to save typing.
        startOver(true);
      }
    }
  }

  return {
    step,
    email,
    otp,
    password,
    fieldError,
    status,
    busy,
    changeEmail,
    changeOtp,
    changePassword,
    submit,
    startOver: () => {
      setStatus(null);
      startOver(true);
    },
  };
}
