import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';

export default function RegisterHorsePage() {
  return (
    <>
      <PageHeader title={ROUTES.registerHorse.title} />
      <EmptyState title="Horse registration is not open yet">
        The registration form — breeding, pedigree, markings, owners, signatures and payment of the
        $30 registration fee — arrives with the registration release.
      </EmptyState>
    </>
  );
}
