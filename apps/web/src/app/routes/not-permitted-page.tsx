import { Link } from 'react-router';
import { CAlert } from '@coreui/react';
import { PageHeader } from '../../components/page-header';
import { ROUTES, homePathFor } from '../../lib/routes';
import { staffRoleLabel } from '../../lib/staff-access';
import { useAppSelector } from '../../stores/hooks';
import { useStaffRole } from '../../stores/use-staff-role';

/** Shown inside the shell when a signed-in user opens a page of the other role. */
export function NotPermittedPage({ pageRole }: { pageRole: 'admin' | 'member' }) {
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const audience = pageRole === 'admin' ? 'administrators' : 'members';
  const you = isAdmin ? 'an administrator' : 'a member';
  return (
    <>
      <PageHeader title="Not permitted" />
      <CAlert color="warning">
        This page is for {audience}. You are signed in as {you}.
      </CAlert>
      <Link to={homePathFor(isAdmin)}>Go to your dashboard</Link>
    </>
  );
}

/** An office page's name, by path, for the message below. */
const PAGE_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(ROUTES).map((route) => [route.path, route.title]),
);

/**
 * Shown inside the shell, instead of the page, when the signed-in staff member's role may not
 * use an office page (lib/staff-access.ts): a clear sentence rather than a page of refusals.
 */
export function RoleCannotPage({ path }: { path: string }) {
  const role = useStaffRole();
  const page =
    path === ROUTES.adminDashboard.path ? 'the office pages' : (PAGE_TITLES[path] ?? 'this page');
  return (
    <>
      <PageHeader title={PAGE_TITLES[path] ?? 'Not permitted'} />
      <CAlert color="warning" role="alert">
        {role
          ? `Your role (${staffRoleLabel(role)}) cannot use ${page}.`
          : 'This office account has no staff role yet, so it cannot use the office pages.'}{' '}
        Ask an administrator if you need to.
      </CAlert>
      {path !== ROUTES.adminDashboard.path && (
        <Link to={ROUTES.adminDashboard.path}>Go to your dashboard</Link>
      )}
    </>
  );
}
