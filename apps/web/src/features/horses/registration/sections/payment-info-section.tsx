import { memo } from 'react';
import { formatDaySlashed } from '../../../../lib/format';
import { useRegistration } from '../registration-context';

/** Spec §2.6 item 19, view mode only. */
export const PaymentInfoSection = memo(function PaymentInfoSection() {
  const { horse } = useRegistration();
  return (
    <dl className="row mb-0 payment-info">
      <dt className="col-sm-4 col-lg-3">Payment Mode</dt>
      <dd className="col-sm-8 col-lg-9">{horse?.paymentMode?.trim() || '-'}</dd>
      <dt className="col-sm-4 col-lg-3">Last updated at</dt>
      <dd className="col-sm-8 col-lg-9 mb-0">{formatDaySlashed(horse?.updatedAt)}</dd>
    </dl>
  );
});
