import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

export default function MembersListPage() {
  return (
    <>
      <PageHeader title={ROUTES.membersList.title} />
      <EmptyState title="No members to show yet">
        Member management — search, create, activate — arrives with the administration release.
      </EmptyState>
    </>
  );
}
