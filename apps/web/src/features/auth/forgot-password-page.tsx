import type { FormEvent, MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAlert, CButton, CForm, CSpinner } from '@coreui/react';
import { PASSWORD_HINT } from '@registry/domain';
import { OtpInput } from '../../components/otp-input';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';
import { AuthLayout } from './auth-layout';
import type { Portal } from './login-page';
import { useForgotPassword, type ResetStep } from './use-forgot-password';

interface StepCopy {
  button: string;
  busy: string;
}

/** Labels of spec §2.3 (admin) and §2.4 (member). */
const COPY: Record<
  Portal,
  { title: string; loginPath: string; steps: Record<ResetStep, StepCopy> }
> = {
  admin: {
    title: ROUTES.adminForgotPassword.title,
    loginPath: ROUTES.adminLogin.path,
    steps: {
      email: { button: '2FA', busy: 'Sending...' },
      otp: { button: 'Verify 2FA', busy: 'Verifying...' },
      password: { button: 'Reset Password', busy: 'Resetting...' },
    },
  },
  member: {
    title: ROUTES.memberForgotPassword.title,
    loginPath: ROUTES.memberLogin.path,
    steps: {
      email: { button: 'SUBMIT', busy: 'Sending...' },
      otp: { button: 'Verify OTP', busy: 'Verifying...' },
      password: { button: 'Submit New Password', busy: 'Submitting...' },
    },
  },
};

const STEP_NUMBER: Record<ResetStep, number> = { email: 1, otp: 2, password: 3 };

const LEADS: Record<ResetStep, string> = {
  email: 'Enter the email address of your account. We will send you a 6-digit code.',
  otp: 'Enter the 6-digit code from the email. It is valid for 10 minutes.',
  password: 'Choose your new password.',
};

/** The three-step password reset of both portals (spec §2.3, §2.4). */
export function ForgotPasswordPage({ portal }: { portal: Portal }) {
  const copy = COPY[portal];
  useDocumentTitle(copy.title);
  const navigate = useNavigate();
  const flow = useForgotPassword(portal);
  const stepCopy = copy.steps[flow.step];
  const id = `${portal}-reset`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void flow.submit();
  }

  // "Back goes back in history" (spec §2.3); opened directly, there is no history to go to.
  function handleBack(event: MouseEvent<HTMLAnchorElement>) {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) {
      event.preventDefault();
      void navigate(-1);
    }
  }

  return (
    <AuthLayout>
      <Link to={copy.loginPath} onClick={handleBack} className="small d-inline-block mb-3">
        &larr; Back
      </Link>
      <h1 className="h3 mb-1">{copy.title}</h1>
      <p className="text-body-secondary small mb-1">Step {STEP_NUMBER[flow.step]} of 3</p>
      <p className="text-body-secondary mb-3">{LEADS[flow.step]}</p>
      {flow.status && (
        <CAlert
          color={flow.status.kind}
          className="py-2"
          role={flow.status.kind === 'danger' ? 'alert' : 'status'}
        >
          {flow.status.text}
        </CAlert>
      )}
      <CForm noValidate onSubmit={handleSubmit} aria-label={copy.title} key={flow.step}>
        {flow.step === 'email' && (
          <TextField
            id={`${id}-email`}
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={flow.email}
            onChange={(event) => flow.changeEmail(event.target.value)}
            error={flow.fieldError}
            className="mb-4"
          />
        )}
        {flow.step === 'otp' && (
          <div className="mb-4">
            <OtpInput
              id={`${id}-otp`}
              label="Verification code"
              value={flow.otp}
              onChange={flow.changeOtp}
              error={flow.fieldError}
              disabled={flow.busy}
              autoFocus
            />
          </div>
        )}
        {flow.step === 'password' && (
          <PasswordField
            id={`${id}-password`}
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            autoFocus
            value={flow.password}
            onChange={(event) => flow.changePassword(event.target.value)}
            error={flow.fieldError}
            aria-describedby={flow.fieldError ? `${id}-password-error ${id}-hint` : `${id}-hint`}
            className="mb-1"
          />
        )}
        {flow.step === 'password' && (
          <p id={`${id}-hint`} className="form-text mb-4">
            {PASSWORD_HINT}
          </p>
        )}
        <div className="d-grid">
          <CButton type="submit" color="primary" size="lg" disabled={flow.busy}>
            {flow.busy ? (
              <>
                <CSpinner size="sm" className="me-2" aria-hidden="true" />
                {stepCopy.busy}
              </>
            ) : (
              stepCopy.button
            )}
          </CButton>
        </div>
      </CForm>
      {flow.step !== 'email' && (
        <p className="text-center small mt-3 mb-0">
          <CButton color="link" size="sm" className="p-0" onClick={flow.startOver}>
            Use another email or send a new code
          </CButton>
        </p>
      )}
    </AuthLayout>
  );
}
