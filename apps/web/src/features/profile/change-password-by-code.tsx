import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CAlert, CButton, CForm, CSpinner } from '@coreui/react';
import { OTP_MESSAGES, PASSWORD_HINT, newPasswordField, otpField } from '@registry/domain';
import { OtpInput } from '../../components/otp-input';
import { PasswordField } from '../../components/password-field';
import { messageOr } from '../../lib/api-message';
import { ROUTES } from '../../lib/routes';
import { useAction } from '../../lib/use-action';
import { useAppDispatch } from '../../stores/hooks';
import { logout } from '../../stores/session-slice';
import { useToast } from '../../stores/use-toast';
import { sendPasswordCode, setPasswordWithCode } from './api';

/** The domain's code and new-password rules (no spaces, spec §5.2). */
const codeSchema = z.object({
  otp: otpField,
  password: newPasswordField({ allowSpaces: false }),
});
type CodeValues = z.input<typeof codeSchema>;

/**
 * For members who forgot their current password while signed in: a code to their own address,
 * then the new password. The server then ends every session, this one included, so the member
 * signs in again with the new password.
 */
export function ChangePasswordByCode({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  /** null until a code was sent; then the server's notice, '' once the save ran. */
  const [sent, setSent] = useState<string | null>(null);
  const sending = useAction((failure) =>
    messageOr(failure, 'Failed to send OTP. Please try again.'),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, formState, setError, clearErrors } = useForm<
    CodeValues,
    unknown,
    z.output<typeof codeSchema>
  >({
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const otp = useController({ control, name: 'otp' });
  const busy = sending.busy || formState.isSubmitting;
  const errors = formState.errors;

  async function send() {
    setFailure(null);
    setSent(null);
    await sending.run(async () => {
      const answer = await sendPasswordCode(email);
      setSent(answer.message ?? OTP_MESSAGES.sent(email));
    });
  }

  const save = handleSubmit(async ({ otp: code, password }) => {
    // The code's "sent" notice gives way to what the save says.
    setSent('');
    setFailure(null);
    try {
      await setPasswordWithCode({ email, otp: code, newPassword: password });
      toast.success(`${OTP_MESSAGES.passwordReset}. Please sign in with your new password.`);
      dispatch(logout());
      navigate(ROUTES.memberLogin.path, { replace: true });
    } catch (caught) {
      setFailure(messageOr(caught, 'Failed to reset password. Please try again.'));
    }
  });

  const status = failure
    ? { kind: 'danger' as const, text: failure }
    : sending.error
      ? { kind: 'danger' as const, text: sending.error }
      : sent
        ? { kind: 'success' as const, text: sent }
        : null;
  const password = register('password', {
    // Spaces are refused as they are typed (spec §5.2).
    onChange: (event: { target: { value: string } }) => {
      if (/\s/.test(event.target.value)) {
        setError('password', { message: OTP_MESSAGES.passwordNoSpaces });
      } else clearErrors('password');
    },
  });

  return (
    <CForm
      noValidate
      onSubmit={(event) => {
        if (busy) return event.preventDefault();
        if (sent === null) {
          event.preventDefault();
          return void send();
        }
        void save(event);
      }}
      aria-label="Change password with an emailed code"
    >
      {status && (
        <CAlert
          color={status.kind}
          className="py-2"
          role={status.kind === 'danger' ? 'alert' : 'status'}
        >
          {status.text}
        </CAlert>
      )}
      {sent !== null ? (
        <>
          <OtpInput
            id="profile-code"
            label="Code from the email"
            value={otp.field.value}
            onChange={otp.field.onChange}
            error={errors.otp?.message}
            disabled={busy}
          />
          <PasswordField
            id="profile-code-password"
            label="New password"
            autoComplete="new-password"
            {...password}
            error={errors.password?.message}
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
        {sent !== null
          ? busy
            ? 'Saving...'
            : 'Set new password'
          : busy
            ? 'Sending...'
            : 'Email me a code'}
      </CButton>
    </CForm>
  );
}
