import { memo, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ACH_MANDATE_VERSION,
  TERMS_VERSION,
  achMandateText,
  feeTotal,
  formatUsd,
  termsParagraphs,
} from '@registry/domain';
import { useAppSelector } from '../../../../stores/hooks';
import type { HorseFormValues } from '../form-values';
import { useRegistration } from '../registration-context';

/** Wide screens open the text at once; a phone shows one line to expand (issue 21 item 6). */
const startsOpen = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(min-width: 768px)').matches;

/**
 * The registry's terms in full, beside the box that accepts them; `collapsed` where the same
 * form already showed them open (the certification above the fees).
 */
export function TermsText({ collapsed = false }: { collapsed?: boolean }) {
  const associationName = useAppSelector((state) => state.ui.associationName);
  const [open] = useState(() => !collapsed && startsOpen());
  return (
    <details className="agreement-text small mb-2" open={open}>
      <summary>Read the terms and conditions</summary>
      <div className="agreement-text-body" tabIndex={0} aria-label="Terms and conditions">
        {termsParagraphs(associationName).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="text-body-secondary mb-0">Version {TERMS_VERSION}</p>
      </div>
    </details>
  );
}

/**
 * The ACH debit authorisation exactly as the server stores it with the payment (issue 17
 * item 7): same domain text, same amount from the fee table. Shown only when paying by bank.
 */
export const AchMandateText = memo(function AchMandateText() {
  const { control } = useFormContext<HorseFormValues>();
  const associationName = useAppSelector((state) => state.ui.associationName);
  const { feesPaid } = useRegistration();
  const headingId = useId();
  const [method, prepayDNAFee, performanceVerification] = useWatch({
    control,
    name: ['billingInfo.paymentInfo.paymentMethod', 'fees.prepayDNAFee', 'performanceVerification'],
  });
  if (method !== 'Bank') return null;
  const amount = formatUsd(feeTotal({ performanceVerification, prepayDNAFee, feesPaid }));
  return (
    <section className="agreement-text small mb-2" aria-labelledby={headingId}>
      <h3 className="h6 mb-1" id={headingId}>
        Bank debit authorization
      </h3>
      <div className="agreement-text-body" tabIndex={0} aria-labelledby={headingId}>
        <p>{achMandateText(associationName, amount)}</p>
        <p className="text-body-secondary mb-0">Version {ACH_MANDATE_VERSION}</p>
      </div>
    </section>
  );
});
