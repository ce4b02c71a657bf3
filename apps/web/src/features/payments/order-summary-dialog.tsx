import { useId, useState } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { PAYMENT_MESSAGES, feeLines, feeTotal, formatUsd, type FeeChoices } from '@registry/domain';
import { useSandboxVerification, type SandboxVerificationStep } from './sandbox-verification';

export interface OrderSummaryDialogProps {
  visible: boolean;
  choices: FeeChoices;
  /** Lines that replace the registration's (a member transfer's fee); `choices` is then unused. */
  lines?: ReadonlyArray<{ key: string; label: string; cents: number }>;
  busy?: boolean;
  /** Said under the total while the payment runs (say, "Waiting for your bank…"). */
  status?: string | null;
  cancelLabel?: string;
  /** While the payer approves in another tab the only way out is this button. */
  cancelEnabledWhileBusy?: boolean;
  onProceed: () => void;
  onCancel: () => void;
  /** Opened from another dialog: attach to it so its focus trap lets the payer in. */
  container?: () => Element | null;
}

/** The sandbox's verification step, in this dialog: nothing to block, nothing to switch to. */
function VerificationStep({ step }: { step: SandboxVerificationStep }) {
  const headingId = useId();
  const [sending, setSending] = useState(false);
  const decide = (decision: 'approve' | 'decline') => {
    setSending(true);
    void step.decide(decision).finally(() => setSending(false));
  };
  return (
    <section className="border rounded p-3 mt-3 bg-body-tertiary" aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>
        Verify this payment
      </h3>
      <p className="small mb-2">
        {PAYMENT_MESSAGES.verificationRequired} (Test mode: this stands in for your card issuer’s
        check; no money moves.)
      </p>
      <div className="d-flex flex-wrap gap-2">
        <CButton color="primary" disabled={sending} onClick={() => decide('approve')} autoFocus>
          {sending && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          Complete verification
        </CButton>
        <CButton
          color="danger"
          variant="outline"
          disabled={sending}
          onClick={() => decide('decline')}
        >
          Decline
        </CButton>
      </div>
    </section>
  );
}

function OrderLines({
  lines,
  total,
}: {
  lines: ReadonlyArray<{ key: string; label: string; cents: number }>;
  total: number;
}) {
  return (
    <table className="table mb-0" aria-label="Order summary">
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <th scope="row" className="fw-normal">
              {line.label}
            </th>
            <td className="text-end">{formatUsd(line.cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="text-end fw-bold" data-testid="order-total">
            {formatUsd(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Spec §2.6 item 20: every fee and the total, 2 decimals; the backdrop does not close it. */
export function OrderSummaryDialog({
  visible,
  choices,
  lines: fixedLines,
  busy = false,
  status,
  cancelLabel = 'Cancel',
  cancelEnabledWhileBusy = false,
  onProceed,
  onCancel,
  container,
}: OrderSummaryDialogProps) {
  const titleId = useId();
  // The lines are drawn once the dialog has been open (and kept while it closes): formatting the
  // first amount loads the browser's currency data, which the hidden dialog's page does not need
  // before its first answer (docs/decisions/0118-intl-formatters-on-first-use.md).
  const [shown, setShown] = useState(visible);
  if (visible && !shown) setShown(true);
  const lines = fixedLines ?? feeLines(choices);
  const total = fixedLines
    ? fixedLines.reduce((sum, line) => sum + line.cents, 0)
    : feeTotal(choices);
  const verification = useSandboxVerification();
  return (
    <CModal
      visible={visible}
      backdrop="static"
      keyboard={false}
      alignment="center"
      onClose={onCancel}
      aria-labelledby={titleId}
      className="order-summary-modal"
      container={container}
    >
      <CModalHeader closeButton={false}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          Payment Details
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        {shown && <OrderLines lines={lines} total={total} />}
        {visible && verification && <VerificationStep step={verification} />}
        {status && !verification && (
          <p className="mt-3 mb-0 d-flex align-items-center gap-2" role="status">
            <CSpinner as="span" size="sm" aria-hidden="true" />
            {status}
          </p>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton
          color="secondary"
          variant="outline"
          disabled={busy && !cancelEnabledWhileBusy}
          onClick={onCancel}
        >
          {cancelLabel}
        </CButton>
        <CButton color="primary" disabled={busy} onClick={onProceed}>
          {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          Proceed
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
