import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CAlert, CButton, CForm, CSpinner } from '@coreui/react';
import { OTP_MESSAGES, PASSWORD_HINT, newPasswordField, otpField } from '@registry/domain';
import { OtpInput } from '../../components/otp-input';
import { PasswordField } from '../../components/password-field';
import { messageOr } from '../../lib/api-message';
import { firstIssue } from '../../lib/first-issue';
import { ROUTES } from '../../lib/routes';
import { useAppDispatch } from '../../stores/hooks';
import { logout } from '../../stores/session-slice';
import { useToast } from '../../stores/use-toast';
import { sendPasswordCode, setPasswordWithCode } from './api';

const passwordSchema = newPasswordField({ allowSpaces: false });

/**
 * For members who forgot their current password while signed in: a code to their own address,
 * then the new password. The server then ends every session, this one included, so the member
 * signs in again with the new password.
 */
export function ChangePasswordByCode({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ otp?: string; password?: string }>({});
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setStatus(null);
    try {
      const answer = await sendPasswordCode(email);
      setStatus({ kind: 'success', text: answer.message ?? OTP_MESSAGES.sent(email) });
      setSent(true);
    } catch (caught) {
      setStatus({
        kind: 'danger',
        text: messageOr(caught, 'Failed to send OTP. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!sent) return void send();
    const found = {
      otp: firstIssue(otpField, otp),
      password: firstIssue(passwordSchema, password),
    };
    setErrors(found);
    if (found.otp || found.password) return;
    setBusy(true);
    setStatus(null);
    try {
      await setPasswordWithCode({ email, otp, newPassword: password });
      toast.success(`${OTP_MESSAGES.passwordReset}. Please sign in with your new password.`);
      dispatch(logout());
      navigate(ROUTES.memberLogin.path, { replace: true });
    } catch (caught) {
      setStatus({
        kind: 'danger',
        text: messageOr(caught, 'Failed to reset password. Please try again.'),
      });
      setBusy(false);
    }
  }

  return (
    <CForm noValidate onSubmit={handleSubmit} aria-label="Change password with an emailed code">
      {status && (
        <CAlert
          color={status.kind}
          className="py-2"
          role={status.kind === 'danger' ? 'alert' : 'status'}
        >
          {status.text}
        </CAlert>
      )}
      {sent ? (
        <>
          <OtpInput
            id="profile-code"
            label="Code from the email"
            value={otp}
            onChange={setOtp}
            error={errors.otp}
            disabled={busy}
          />
          <PasswordField
            id="profile-code-password"
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              // Spaces are refused as they are typed (spec §5.2).
              setErrors((previous) => ({
                ...previous,
                password: /\s/.test(event.target.value) ? OTP_MESSAGES.passwordNoSpaces : undefined,
              }));
            }}
            error={errors.password}
            aria-describedby={
              errors.password
                ? 'profile-code-password-error profile-code-hint'
                : 'profile-code-hint'
            }
            className="mt-3 mb-1"
          />
          <p id="profile-code-hint" className="form-text mb-3">
            {PASSWORD_HINT} You will then sign in again.
          </p>
        </>
      ) : (
        <p className="text-body-secondary">
          We will send a 6-digit code to <strong>{email}</strong>.
        </p>
      )}
      <CButton type="submit" color="primary" variant="outline" disabled={busy}>
        {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
        {sent ? (busy ? 'Saving...' : 'Set new password') : busy ? 'Sending...' : 'Email me a code'}
      </CButton>
    </CForm>
  );
}
