import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';
import { WelcomeCard } from './welcome-card';

export default function AdminDashboardPage() {
  return (
    <>
      <PageHeader title={ROUTES.adminDashboard.title} />
      <WelcomeCard />
      <EmptyState title="No statistics yet">
        Member and horse counts, pending approvals and payments appear here with the administration
        release.
      </EmptyState>
    </>
  );
}
