import { useEffect, useId, useState } from 'react';
import { CFormLabel, CFormTextarea } from '@coreui/react';
import {
  PAYMENT_MESSAGES,
  PAYMENT_REASON_MAX,
  formatUsd,
  reversalFor,
  type LedgerEntry,
  type LedgerReversal,
  type PaymentRecordStatus,
} from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import type { ApiError } from '../../lib/api-client';
import { useReversePayment } from './api';
import { RECORD_STATUS_LABELS, REVERSAL_LABELS, horseLabel, methodLabel } from './labels';

/** What the action moves: a refund returns what earlier partial refunds left (issue 33 §3). */
function dueOf(entry: LedgerEntry, reversal: LedgerReversal | null): number {
  return reversal === 'refunded' ? entry.amountCents - entry.refundedCents : entry.amountCents;
}

const WHAT_HAPPENS = {
  refunded:
    'The amount goes back to the payer through the payment provider. This cannot be undone.',
  voided:
    'The payment the office recorded is struck out: the registration is unpaid again. Nothing moves through a provider.',
  canceled:
    'The payment waiting for the payer is canceled at the provider, so it can no longer be approved. The member may pay another way.',
} as const;

/**
 * Refund, void or cancel one payment of the ledger, with the reason the audit log keeps. The
 * request names the status shown here: when it changed meanwhile the server refuses (409), and
 * the dialog says what it is now (the list has asked again).
 */
export function ReverseDialog({
  entry,
  onClose,
  onDone,
}: {
  entry: LedgerEntry | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fieldId = useId();
  const reverse = useReversePayment();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<LedgerEntry | null>(entry);

  // Keep the last payment in view while the dialog fades out; start clean for a new one.
  useEffect(() => {
    if (entry) {
      setShown(entry);
      setReason('');
      setError(null);
    }
  }, [entry]);

  const reversal = shown ? reversalFor(shown) : null;
  const submit = async () => {
    if (!shown || busy) return;
    if (!reason.trim()) {
      setError(PAYMENT_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await reverse({
        paymentId: shown.id,
        status: shown.status,
        reason,
      }).unwrap();
      onDone(answer.message ?? 'Done');
    } catch (caught) {
      const failure = caught as ApiError & { currentStatus?: PaymentRecordStatus };
      setError(
        failure.currentStatus
          ? `${failure.error} It is now: ${RECORD_STATUS_LABELS[failure.currentStatus] ?? failure.currentStatus}.`
          : failure.error,
      );
    } finally {
      setBusy(false);
    }
  };

  const action = reversal ? REVERSAL_LABELS[reversal] : 'Undo';
  return (
    <ActionDialog
      title={`${action} payment`}
      visible={entry !== null}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={() => void submit()}
      actions={
        <BusyButton
          type="submit"
          color={reversal === 'canceled' ? 'primary' : 'danger'}
          busy={busy}
          disabled={busy}
        >
          {action} {shown ? formatUsd(dueOf(shown, reversal)) : ''}
        </BusyButton>
      }
    >
      {shown && (
        <>
          <p className="mb-2">
            <strong>{formatUsd(shown.amountCents)}</strong> by {methodLabel(shown)} for{' '}
            <strong>{horseLabel(shown)}</strong>
            {shown.payer && <>, paid by {shown.payer.name || shown.payer.email}</>} (
            {RECORD_STATUS_LABELS[shown.status]}).
          </p>
          {reversal && <p>{WHAT_HAPPENS[reversal]}</p>}
          {reversal === 'refunded' && shown.refundedCents > 0 && (
            <p>
              {formatUsd(shown.refundedCents)} of it was refunded already; the refund is the{' '}
              {formatUsd(dueOf(shown, reversal))} left.
            </p>
          )}
          <CFormLabel htmlFor={`${fieldId}-reason`}>Reason (kept in the audit log)</CFormLabel>
          <CFormTextarea
            id={`${fieldId}-reason`}
            rows={2}
            maxLength={PAYMENT_REASON_MAX}
            disabled={busy}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      )}
    </ActionDialog>
  );
}
