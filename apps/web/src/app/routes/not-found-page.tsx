import { Suspense } from 'react';
import { Link } from 'react-router';
import { CenteredLayout } from '../../components/centered-layout';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/page-spinner';
import { ROUTES } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';
import { AppShell } from './lazy-pages';

function NotFoundContent() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p className="text-body-secondary">The page you asked for does not exist or has moved.</p>
      <Link to={ROUTES.home.path}>Go to the home page</Link>
    </>
  );
}

/** The `*` route: inside the shell when signed in, a plain card otherwise. */
export function NotFoundRoute() {
  const isLoggedIn = useAppSelector((state) => state.session.isLoggedIn);
  const associationName = useAppSelector((state) => state.ui.associationName);
  if (!isLoggedIn) {
    return (
      <CenteredLayout associationName={associationName}>
        <NotFoundContent />
      </CenteredLayout>
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppShell>
        <NotFoundContent />
      </AppShell>
    </Suspense>
  );
}
