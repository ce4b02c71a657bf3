import { Link } from 'react-router';
import { CAlert } from '@coreui/react';
import { PageHeader } from '../../components/page-header';
import { homePathFor } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';

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
