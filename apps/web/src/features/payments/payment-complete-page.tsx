import { Link } from 'react-router';
import { CenteredLayout } from '../../components/centered-layout';
import { ROUTES } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';

/**
 * Where a payment step outside the registry's own dialog ends: Stripe's return_url after a
 * bank's redirect, or the sandbox approval page opened from the emailed microdeposit link.
 * The registry itself never opens a tab for it
 * (docs/decisions/0070-payment-element-and-in-page-verification.md), so this
 * page points back to the horses rather than to "the other tab".
 */
export default function PaymentCompletePage() {
  const associationName = useAppSelector((state) => state.ui.associationName);
  return (
    <CenteredLayout associationName={associationName}>
      <div className="text-center">
        <h1 className="h4">Payment step complete</h1>
        <p>
          Your registration’s payment status is shown in My Horses, and you will be emailed the
          result.
        </p>
        <Link className="btn btn-primary" to={ROUTES.myHorses.path}>
          Go to My Horses
        </Link>
      </div>
    </CenteredLayout>
  );
}
