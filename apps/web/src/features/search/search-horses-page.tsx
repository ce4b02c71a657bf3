import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

export default function SearchHorsesPage() {
  return (
    <>
      <PageHeader title={ROUTES.searchHorses.title} />
      <EmptyState title="No horses to search yet">
        Searching every registered horse by name or registration number arrives with the
        registration release.
      </EmptyState>
    </>
  );
}
