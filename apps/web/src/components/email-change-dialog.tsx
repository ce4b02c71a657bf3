import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CForm,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import {
  PROFILE_MESSAGES,
  emailChangeSendSchema,
  emailChangeVerifySchema,
  type ApiSuccess,
  type EmailChangeVerifyInput,
  type SessionUser,
} from '@registry/domain';
import type { ApiError } from '../lib/api-client';
import { firstIssue } from '../lib/first-issue';
import { useAppDispatch } from '../stores/hooks';
import { profileUpdated } from '../stores/session-slice';
import { useToast } from '../stores/use-toast';
import { OtpInput } from './otp-input';
import { TextField } from './text-field';

export interface EmailChangeCalls {
  /** Sends a code to the new address. */
  sendCode: (email: string) => Promise<ApiSuccess<unknown>>;
  /** Checks the code and answers with the updated user. */
  verifyCode: (input: EmailChangeVerifyInput) => Promise<ApiSuccess<{ user: SessionUser }>>;
}

export interface EmailChangeDialogProps extends EmailChangeCalls {
  visible: boolean;
  onClose: () => void;
  /** Told after the session already holds the new address (the profile page refreshes). */
  onChanged?: (user: SessionUser) => void;
}

type Step = 'email' | 'otp';

/**
 * Change Email (spec §2.5): the new address, then the code sent to it. The admin menu and the
 * member profile use it with their own calls. Every opening starts again at step 1.
 */
export function EmailChangeDialog({
  visible,
  onClose,
  onChanged,
  sendCode,
  verifyCode,
}: EmailChangeDialogProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!visible) return;
    setStep('email');
    setEmail('');
    setOtp('');
    setError(undefined);
    setNotice(null);
    setBusy(false);
  }, [visible]);

  async function send() {
    const problem = firstIssue(emailChangeSendSchema, { email });
    setError(problem);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await sendCode(email.trim());
      setNotice(answer.message ?? PROFILE_MESSAGES.otpSentToEmail);
      setOtp('');
      setStep('otp');
    } catch (caught) {
      const failure = caught as ApiError;
      toast.danger(PROFILE_MESSAGES.sendOtpFailed);
      // A refusal with a reason (address taken, too many codes) is worth saying at the field.
      if (failure.status && failure.status < 500) setError(failure.error);
      emailRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    const problem = firstIssue(emailChangeVerifySchema, { email, otp });
    setError(problem);
    if (problem) {
      otpRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await verifyCode({ email: email.trim(), otp });
      dispatch(profileUpdated(answer.data.user));
      onChanged?.(answer.data.user);
      toast.success(answer.message ?? PROFILE_MESSAGES.emailUpdated);
      setBusy(false);
      onClose();
    } catch (caught) {
      setError((caught as ApiError).error);
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    void (step === 'email' ? send() : verify());
  }

  const label = step === 'email' ? 'Send OTP' : 'Save Changes';
  const busyLabel = step === 'email' ? 'Sending OTP...' : 'Saving Changes...';

  return (
    <CModal
      visible={visible}
      onClose={onClose}
      alignment="center"
      aria-labelledby="change-email-title"
    >
      <CForm noValidate onSubmit={handleSubmit} aria-labelledby="change-email-title">
        <CModalHeader>
          <CModalTitle as="h2" className="h5" id="change-email-title">
            Change Email
          </CModalTitle>
        </CModalHeader>
        <CModalBody>
          {step === 'email' ? (
            <>
              <p className="text-body-secondary">
                We will send a 6-digit code to the new address to make sure it is yours.
              </p>
              <TextField
                ref={emailRef}
                id="change-email-address"
                name="email"
                label="New email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={error}
              />
            </>
          ) : (
            <>
              {notice && (
                <CAlert color="success" className="py-2" role="status">
                  {notice}
                </CAlert>
              )}
              <p className="text-body-secondary">
                Enter the code sent to <strong>{email.trim()}</strong>.
              </p>
              <OtpInput
                ref={otpRef}
                id="change-email-otp"
                label="Verification code"
                value={otp}
                onChange={setOtp}
                error={error}
                disabled={busy}
                autoFocus
              />
            </>
          )}
        </CModalBody>
        <CModalFooter>
          <CButton color="secondary" variant="outline" onClick={onClose}>
            Close
          </CButton>
          <CButton type="submit" color="primary" disabled={busy}>
            {busy ? (
              <>
                <CSpinner size="sm" className="me-2" aria-hidden="true" />
                {busyLabel}
              </>
            ) : (
              label
            )}
          </CButton>
        </CModalFooter>
      </CForm>
    </CModal>
  );
}
