import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

/** The signed-in member's own horses. */
export default function MyHorsesPage() {
  return (
    <>
      <PageHeader title={ROUTES.myHorses.title} />
      <EmptyState title="No horses to show yet">
        Horses you register appear here with their approval and payment status once horse
        registration opens. <Link to={ROUTES.registerHorse.path}>About horse registration</Link>
      </EmptyState>
    </>
  );
}
