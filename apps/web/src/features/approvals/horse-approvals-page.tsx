import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

export default function HorseApprovalsPage() {
  return (
    <>
      <PageHeader title={ROUTES.horseApprovals.title} />
      <EmptyState title="No pending registrations to show yet">
        Registrations waiting for a decision appear here, to approve or reject, with the
        administration release.
      </EmptyState>
    </>
  );
}
