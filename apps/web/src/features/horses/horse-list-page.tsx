import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

/** Every registered horse, for administrators. */
export default function HorseListPage() {
  return (
    <>
      <PageHeader title={ROUTES.horseList.title} />
      <EmptyState title="No horses to show yet">
        The registry's horses — with search, editing and ownership transfer — appear here with the
        administration release.
      </EmptyState>
    </>
  );
}
