import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

export default function DashboardContentPage() {
  return (
    <>
      <PageHeader title={ROUTES.dashboardContent.title} />
      <EmptyState title="No dashboard content yet">
        Editing the news members see on their dashboard arrives with the administration release.
      </EmptyState>
    </>
  );
}
