import { useEffect, useId, useState } from 'react';
import {
  CAlert,
  CButton,
  CFormCheck,
  CFormInput,
  CFormLabel,
  CFormSelect,
  CFormTextarea,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { ApiError } from '../../lib/api-client';
import type { PaymentStatus } from '../../lib/horse-types';
import { recordOfficePayment, undoPayment, type OfficeMethod } from './admin-payment-api';

export type AdminPaymentMode = 'record' | 'undo';

/** Which administrator payment action a horse's payment status allows. */
export function adminPaymentModeFor(status: PaymentStatus): AdminPaymentMode | null {
  if (status === 'unpaid' || status === 'failed' || status === 'refunded') return 'record';
  if (status === 'paid' || status === 'requires_action' || status === 'disputed') return 'undo';
  return null;
}

const METHOD_LABELS: Record<OfficeMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  other: 'Other (card by phone, bank transfer)',
};

const UNDO_WORDS: Partial<Record<PaymentStatus, string>> = {
  requires_action:
    'The payment waiting for the member’s approval is canceled; the horse can be paid again.',
  paid: 'A payment taken through the provider is refunded in full; one recorded by the office is voided. The horse can then be paid again.',
  disputed: 'The disputed payment is refunded in full.',
};

export interface AdminPaymentTarget {
  id: string;
  name: string;
  paymentStatus: PaymentStatus;
}

/**
 * Records a payment taken at the office (check, cash, other) or undoes one with a reason
 * (docs/api.md "Payments"). The server prices the payment from the fee table, emails the
 * member a receipt and writes the audit log.
 */
export function AdminPaymentDialog({
  horse,
  mode,
  onClose,
  onDone,
}: {
  horse: AdminPaymentTarget | null;
  mode: AdminPaymentMode | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const fieldId = useId();
  const [method, setMethod] = useState<OfficeMethod>('check');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [prepayDNAFee, setPrepayDNAFee] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const visible = horse !== null && mode !== null;

  useEffect(() => {
    if (!visible) return;
    setMethod('check');
    setReference('');
    setNote('');
    setPrepayDNAFee(false);
    setReason('');
    setError(null);
  }, [visible, horse?.id, mode]);

  if (!horse || !mode) return null;

  const submit = async () => {
    if (mode === 'undo' && reason.trim() === '') {
      setError(PAYMENT_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const message =
        mode === 'record'
          ? await recordOfficePayment(horse.id, { method, reference, note, prepayDNAFee })
          : (await undoPayment(horse.id, reason)).message;
      onDone(message);
    } catch (caught) {
      setError((caught as ApiError).error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy}
      alignment="center"
      aria-labelledby={titleId}
    >
      <CModalHeader closeButton={!busy}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {mode === 'record'
            ? `Record a payment for ${horse.name}`
            : `Undo the payment of ${horse.name}`}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        {mode === 'record' ? (
          <>
            <CFormLabel htmlFor={`${fieldId}-method`}>Payment method</CFormLabel>
            <CFormSelect
              id={`${fieldId}-method`}
              value={method}
              disabled={busy}
              onChange={(event) => setMethod(event.target.value as OfficeMethod)}
            >
              {(Object.keys(METHOD_LABELS) as OfficeMethod[]).map((key) => (
                <option key={key} value={key}>
                  {METHOD_LABELS[key]}
                </option>
              ))}
            </CFormSelect>
            <CFormLabel htmlFor={`${fieldId}-reference`} className="mt-3">
              Reference (check number, receipt; optional)
            </CFormLabel>
            <CFormInput
              id={`${fieldId}-reference`}
              maxLength={200}
              value={reference}
              disabled={busy}
              onChange={(event) => setReference(event.target.value)}
            />
            <CFormLabel htmlFor={`${fieldId}-note`} className="mt-3">
              Note (optional)
            </CFormLabel>
            <CFormTextarea
              id={`${fieldId}-note`}
              rows={2}
              maxLength={2000}
              value={note}
              disabled={busy}
              onChange={(event) => setNote(event.target.value)}
            />
            <CFormCheck
              id={`${fieldId}-dna`}
              className="mt-3"
              label="The DNA fee was prepaid with it"
              checked={prepayDNAFee}
              disabled={busy}
              onChange={(event) => setPrepayDNAFee(event.target.checked)}
            />
            <p className="small text-body-secondary mt-3 mb-0">
              The amount follows the fee table (performance verification and the DNA choice). The
              member is emailed a receipt.
            </p>
          </>
        ) : (
          <>
            <p>{UNDO_WORDS[horse.paymentStatus]}</p>
            <CFormLabel htmlFor={`${fieldId}-reason`}>Reason (kept in the audit log)</CFormLabel>
            <CFormTextarea
              id={`${fieldId}-reason`}
              rows={2}
              maxLength={500}
              value={reason}
              disabled={busy}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
          </>
        )}
        {error && (
          <CAlert color="danger" role="alert" className="mt-3 mb-0">
            {error}
          </CAlert>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={busy} onClick={onClose}>
          Cancel
        </CButton>
        <CButton
          color={mode === 'record' ? 'primary' : 'danger'}
          disabled={busy}
          onClick={() => void submit()}
        >
          {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          {mode === 'record' ? 'Record payment' : 'Undo payment'}
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
