import { CCard, CCardBody } from '@coreui/react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { displayName } from '../../lib/format';
import { ROUTES } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';

export default function ProfilePage() {
  const user = useAppSelector((state) => state.session.userData);
  return (
    <>
      <PageHeader title={ROUTES.profile.title} />
      <CCard className="mb-4">
        <CCardBody>
          <dl className="row mb-0">
            <dt className="col-sm-3">Name</dt>
            <dd className="col-sm-9">{displayName(user)}</dd>
            <dt className="col-sm-3">Email</dt>
            <dd className="col-sm-9">{user.email ?? '—'}</dd>
            <dt className="col-sm-3">Member number</dt>
            <dd className="col-sm-9 mb-0">{user.memberNumber ?? '—'}</dd>
          </dl>
        </CCardBody>
      </CCard>
      <EmptyState title="Profile editing is not available yet">
        Editing your address, picture and password arrives with the accounts release.
      </EmptyState>
    </>
  );
}
