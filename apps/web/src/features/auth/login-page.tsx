import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAlert, CButton, CForm, CSpinner } from '@coreui/react';
import type { ApiSuccess, LoginInput, LoginResult } from '@registry/domain';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/page-header';
import type { ApiError } from '../../lib/api-client';
import { ROUTES } from '../../lib/routes';
import { useAppDispatch } from '../../stores/hooks';
import { loginAction } from '../../stores/session-slice';
import { AuthLayout } from './auth-layout';
import { PageSpinner } from '../../components/page-spinner';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { signInAdmin, signInMember } from './api';
import { loginFieldErrors, useLoginForm } from './use-login-form';

/**
 * The sign-in pages come with the entry chunk that every page loads (lazy-pages.ts), so the
 * emailed-code form, which few use, is fetched only when pointed at or chosen.
 */
const CodeLoginForm = lazyWithPreload<{ onUsePassword: () => void }>(() =>
  import('./code-login-form').then((module) => ({ default: module.CodeLoginForm })),
);
const preloadCodeLogin = () => void CodeLoginForm.preload();

export type Portal = 'admin' | 'member';

interface PortalCopy {
  title: string;
  lead: string;
  signIn: (credentials: LoginInput) => Promise<ApiSuccess<LoginResult>>;
  forgotPath: string;
  otherPortal: { text: string; path: string };
}

const PORTALS: Record<Portal, PortalCopy> = {
  admin: {
    title: ROUTES.adminLogin.title,
    lead: 'Manage members, horses and registrations.',
    signIn: signInAdmin,
    forgotPath: ROUTES.adminForgotPassword.path,
    otherPortal: { text: 'Member? Sign in here', path: ROUTES.memberLogin.path },
  },
  member: {
    title: ROUTES.memberLogin.title,
    lead: 'Register your horses and follow their approval.',
    signIn: signInMember,
    forgotPath: ROUTES.memberForgotPassword.path,
    otherPortal: { text: 'Administrator? Sign in here', path: ROUTES.adminLogin.path },
  },
};

/** The two sign-in pages differ only in copy, endpoint and links (spec §2.1). */
export function LoginPage({ portal }: { portal: Portal }) {
  const copy = PORTALS[portal];
  useDocumentTitle(copy.title);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { values, errors, setErrors, onChange, submit } = useLoginForm();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Members may also sign in with a code sent by email; administrators use their password.
  const [withCode, setWithCode] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const { data, errors: found } = submit();
    if (!data) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await copy.signIn(data);
      // The role comes from the server, never from the page the user happened to use.
      dispatch(loginAction(response.data));
      navigate(ROUTES.home.path, { replace: true });
    } catch (caught) {
      const error = caught as ApiError;
      setServerError(error.error);
      setErrors(loginFieldErrors(error.fields));
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <h1 className="h3 mb-1">{copy.title}</h1>
      <p className="text-body-secondary mb-4">{copy.lead}</p>
      {withCode ? (
        <Suspense fallback={<PageSpinner />}>
          <CodeLoginForm onUsePassword={() => setWithCode(false)} />
        </Suspense>
      ) : (
        <>
          {serverError && (
            <CAlert color="danger" className="py-2">
              {serverError}
            </CAlert>
          )}
          <CForm noValidate onSubmit={handleSubmit} aria-label={copy.title}>
            <TextField
              ref={emailRef}
              id={`${portal}-login-email`}
              name="email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.email}
              onChange={onChange('email')}
              error={errors.email}
              className="mb-3"
            />
            <PasswordField
              ref={passwordRef}
              id={`${portal}-login-password`}
              name="password"
              label="Password"
              autoComplete="current-password"
              value={values.password}
              onChange={onChange('password')}
              error={errors.password}
              className="mb-2"
            />
            <div className="text-end mb-4">
              <Link to={copy.forgotPath} className="small">
                Forgot password?
              </Link>
            </div>
            <div className="d-grid">
              <CButton type="submit" color="primary" size="lg" disabled={busy}>
                {busy ? (
                  <>
                    <CSpinner size="sm" className="me-2" aria-hidden="true" />
                    Signing in...
                  </>
                ) : (
                  'Sign in'
                )}
              </CButton>
            </div>
          </CForm>
          {portal === 'member' && (
            <p className="text-center small mt-3 mb-0">
              <CButton
                color="link"
                size="sm"
                className="p-0"
                onPointerEnter={preloadCodeLogin}
                onFocus={preloadCodeLogin}
                onClick={() => setWithCode(true)}
              >
                Email me a code
              </CButton>
            </p>
          )}
        </>
      )}
      <hr className="my-4" />
      <p className="text-center small mb-0">
        <Link to={copy.otherPortal.path}>{copy.otherPortal.text}</Link>
      </p>
    </AuthLayout>
  );
}
