import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CAlert, CButton, CSpinner } from '@coreui/react';
import { PASSWORD_HINT, passwordRuleError } from '@registry/domain';
import { CenteredLayout } from '../../components/centered-layout';
import { useDocumentTitle } from '../../components/page-header';
import { PasswordField } from '../../components/password-field';
import { api, type ApiError } from '../../lib/api-client';
import { ROUTES } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';
import { useToast } from '../../stores/use-toast';

const MISMATCH = 'The two passwords do not match';

/** What the server says of a link: its address, and whether it is an office account's. */
interface LinkAnswer {
  email: string;
  office?: boolean;
}
const NO_TOKEN: ApiError = { success: false, error: 'This link has no token.' };

/**
 * The token of the emailed link: in the fragment (`#token=`), which the browser never sends to
 * the server, or in the query of links emailed before it moved there (docs/api.md).
 */
function linkToken(location: { hash: string; search: string }): string {
  const inFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return (inFragment ?? new URLSearchParams(location.search).get('token'))?.trim() ?? '';
}

/**
 * The page behind an emailed set-password link: a member's "Send credentials" or a staff
 * member's invitation; either chooses a password here, then signs in at their own sign-in page.
 */
export default function SetPasswordPage() {
  useDocumentTitle('Choose your password');
  const associationName = useAppSelector((state) => state.ui.associationName);
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  // Read once, then cleared from the address: the token stays out of the browser's history and
  // of anything that shows or shares the address. It goes to the server in request bodies only.
  const [token] = useState(() => linkToken(location));
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (search || hash) void navigate({ pathname, search: '', hash: '' }, { replace: true });
  }, [navigate, pathname, search, hash]);
  // The link's check, kept with the token it asked about: an answer for another token is stale.
  const [checked, setChecked] = useState<{
    token: string;
    email?: string;
    /** An office (staff) account: the office sign-in page and its password rules. */
    office?: boolean;
    error?: ApiError;
  }>();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const options = { signal: controller.signal, skipUnauthorizedHandler: true };
    api.post<LinkAnswer>('auth/set-password/check', { token }, options).then(
      ({ data }) => setChecked({ token, email: data.email, office: data.office === true }),
      (error: ApiError) => controller.signal.aborted || setChecked({ token, error }),
    );
    return () => controller.abort();
  }, [token]);
  const answered = checked?.token === token ? checked : undefined;
  const office = answered?.office === true;
  const signInPath = office ? ROUTES.adminLogin.path : ROUTES.memberLogin.path;
  const [values, setValues] = useState({ password: '', confirm: '' });
  const { password, confirm } = values;
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: passwordRuleError(password, { allowSpaces: office }) ?? undefined,
      confirm: confirm !== password ? MISMATCH : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      const result = await api.post<LinkAnswer>(
        'auth/set-password',
        { token, password },
        { skipUnauthorizedHandler: true },
      );
      toast.success(result.message ?? 'Your password has been set. You can sign in now.');
      navigate(signInPath, { replace: true });
    } catch (caught) {
      const error = caught as ApiError;
      if (error.fields?.password) setErrors({ password: error.fields.password });
      else setFailure(error.error);
    } finally {
      setBusy(false);
    }
  };

  /** A field's value, error and typing, which clears its error. */
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    disabled: busy,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const linkError = token ? answered?.error : NO_TOKEN;
  const email = token ? answered?.email : undefined;
  return (
    <CenteredLayout associationName={associationName}>
      <h1 className="h4 mb-3">Choose your password</h1>
      {!answered && !linkError && (
        <p role="status">
          <CSpinner as="span" size="sm" className="me-2" aria-hidden="true" />
          Checking your link…
        </p>
      )}
      {linkError && (
        <CAlert color="danger" role="alert">
          <p className="mb-2">{linkError.error}</p>
          <p className="mb-0">
            Links work once and expire after a few days. Ask the association office to send your
            credentials again; the new email has a fresh link.
          </p>
        </CAlert>
      )}
      {email && (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <p>
            For <strong className="text-break">{email}</strong>
          </p>
          {/* Lets password managers store the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <PasswordField
            id="set-password"
            label="New password"
            autoComplete="new-password"
            className="mb-1"
            {...field('password')}
          />
          <p className="small text-body-secondary">{PASSWORD_HINT}</p>
          <PasswordField
            id="set-password-confirm"
            label="Confirm new password"
            autoComplete="new-password"
            className="mb-3"
            {...field('confirm')}
          />
          {failure && (
            <CAlert color="danger" role="alert">
              {failure}
            </CAlert>
          )}
          <CButton type="submit" color="primary" className="w-100" disabled={busy}>
            {busy && <CSpinner as="span" size="sm" className="me-2" aria-hidden="true" />}
            Set password
          </CButton>
        </form>
      )}
      <p className="text-center small mt-3 mb-0">
        <Link to={signInPath}>Back to sign in</Link>
      </p>
    </CenteredLayout>
  );
}
