import { CenteredLayout } from '../../components/centered-layout';
import { useAppSelector } from '../../stores/hooks';

/**
 * Where Stripe's return_url and the sandbox's approve page send the payer (a tab the registry
 * opened). The original tab is polling and shows the outcome itself.
 */
export default function PaymentCompletePage() {
  const associationName = useAppSelector((state) => state.ui.associationName);
  return (
    <CenteredLayout associationName={associationName}>
      <div className="text-center">
        <h1 className="h4">Payment step complete</h1>
        <p className="mb-0">
          You can close this tab and return to the registry: the registration tab shows the result
          of your payment.
        </p>
      </div>
    </CenteredLayout>
  );
}
