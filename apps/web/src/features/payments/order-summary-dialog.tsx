import { useId } from 'react';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { feeLines, feeTotal, formatUsd, type FeeChoices } from '@registry/domain';

export interface OrderSummaryDialogProps {
  visible: boolean;
  choices: FeeChoices;
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

/** Spec §2.6 item 20: every fee and the total, 2 decimals; the backdrop does not close it. */
export function OrderSummaryDialog({
  visible,
  choices,
  busy = false,
  status,
  cancelLabel = 'Cancel',
  cancelEnabledWhileBusy = false,
  onProceed,
  onCancel,
  container,
}: OrderSummaryDialogProps) {
  const titleId = useId();
  const lines = feeLines(choices);
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
                {formatUsd(feeTotal(choices))}
              </td>
            </tr>
          </tfoot>
        </table>
        {status && (
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
