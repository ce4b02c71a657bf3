import { Link } from 'react-router';
import { CAlert } from '@coreui/react';
import { useDocumentTitle } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';
import { AuthLayout } from './auth-layout';
import type { Portal } from './login-page';

const COPY: Record<Portal, { title: string; loginPath: string }> = {
  admin: {
    title: ROUTES.adminForgotPassword.title,
    loginPath: ROUTES.adminLogin.path,
  },
  member: {
    title: ROUTES.memberForgotPassword.title,
    loginPath: ROUTES.memberLogin.path,
  },
};

/**
 * Placeholder for the three-step reset of spec §2.3 / §2.4 (email, one-time code, new
 * password). The page exists now so links and the signed-out guard already work.
 */
export function ForgotPasswordPage({ portal }: { portal: Portal }) {
  const copy = COPY[portal];
  useDocumentTitle(copy.title);
  return (
    <AuthLayout>
      <h1 className="h3 mb-3">{copy.title}</h1>
      <CAlert color="info" className="mb-3">
        Resetting your password with a one-time code sent by email arrives with the accounts
        release.
      </CAlert>
      <p className="text-body-secondary">
        If you cannot sign in until then, please contact the association office.
      </p>
      <Link to={copy.loginPath}>Back to sign in</Link>
    </AuthLayout>
  );
}
