import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';
import { WelcomeCard } from './welcome-card';

export default function MemberDashboardPage() {
  return (
    <>
      <PageHeader title={ROUTES.memberDashboard.title} />
      <WelcomeCard />
      <EmptyState title="No news from the association yet">
        News and notices from the association appear here once administrators publish dashboard
        content.
      </EmptyState>
    </>
  );
}
