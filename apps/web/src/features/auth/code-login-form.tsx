import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CAlert, CButton, CForm, CSpinner } from '@coreui/react';
import { OTP_MESSAGES } from '@registry/domain';
import { OtpInput } from '../../components/otp-input';
import { TextField } from '../../components/text-field';
import { messageOr } from '../../lib/api-message';
import { ROUTES } from '../../lib/routes';
import { useAppDispatch } from '../../stores/hooks';
import { loginAction } from '../../stores/session-slice';
import { sendMemberLoginCode, signInMemberWithCode } from './api';
import { checkEmail, checkOtp } from './sign-in-checks';

const SEND_FAILED = 'Failed to send the code. Please try again.';
const SIGN_IN_FAILED = 'Sign in failed. Please try again.';

/**
 * Member sign-in by emailed code (`members/sendotp`, then `auth/login` with `{ email, otp }`).
 * The session is handled exactly as after a password sign-in.
 */
export function CodeLoginForm({ onUsePassword }: { onUsePassword: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = step === 'email' ? checkEmail(email) : checkOtp(otp);
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    setStatus(null);
    const address = email.trim();
    try {
      if (step === 'email') {
        const answer = await sendMemberLoginCode(address);
        setStatus({ kind: 'success', text: answer.message ?? OTP_MESSAGES.sent(address) });
        setOtp('');
        setStep('otp');
        setBusy(false);
      } else {
        const response = await signInMemberWithCode({ email: address, otp });
        dispatch(loginAction(response.data));
        navigate(ROUTES.home.path, { replace: true });
      }
    } catch (caught) {
      setStatus({
        kind: 'danger',
        text: messageOr(caught, step === 'email' ? SEND_FAILED : SIGN_IN_FAILED),
      });
      setBusy(false);
    }
  }

  const idle = step === 'email' ? 'Send code' : 'Sign in';
  const working = step === 'email' ? 'Sending...' : 'Signing in...';

  return (
    <>
      {status && (
        <CAlert
          color={status.kind}
          className="py-2"
          role={status.kind === 'danger' ? 'alert' : 'status'}
        >
          {status.text}
        </CAlert>
      )}
      <CForm noValidate onSubmit={handleSubmit} aria-label="Sign in with a code" key={step}>
        {step === 'email' ? (
          <TextField
            id="code-login-email"
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            className="mb-4"
          />
        ) : (
          <div className="mb-4">
            <p className="text-body-secondary small">
              Enter the 6-digit code sent to <strong>{email.trim()}</strong>.
            </p>
            <OtpInput
              id="code-login-otp"
              label="Sign-in code"
              value={otp}
              onChange={(value) => {
                setOtp(value);
                setFieldError(undefined);
              }}
              error={fieldError}
              disabled={busy}
              autoFocus
            />
          </div>
        )}
        <div className="d-grid">
          <CButton type="submit" color="primary" size="lg" disabled={busy}>
            {busy ? (
              <>
                <CSpinner size="sm" className="me-2" aria-hidden="true" />
                {working}
              </>
            ) : (
              idle
            )}
          </CButton>
        </div>
      </CForm>
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3 small">
        <CButton color="link" size="sm" className="p-0" onClick={onUsePassword}>
          Sign in with a password instead
        </CButton>
        {step === 'otp' && (
          <CButton
            color="link"
            size="sm"
            className="p-0"
            onClick={() => {
              setStep('email');
              setStatus(null);
              setFieldError(undefined);
            }}
          >
            Send a new code
          </CButton>
        )}
      </div>
    </>
  );
}
