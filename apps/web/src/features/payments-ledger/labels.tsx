import type { LedgerEntry, PaymentRecordStatus } from '@registry/domain';
import { StatusBadge } from '../../components/status-badges';
import type { LedgerMethod } from './api';

/** A payment's own state, as the office reads it (not the horse's payment status). */
export const RECORD_STATUS_LABELS: Record<PaymentRecordStatus, string> = {
  succeeded: 'Paid',
  processing: 'Processing',
  requires_action: 'Waiting for payer',
  failed: 'Failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

const TONES: Record<PaymentRecordStatus, 'warning' | 'success' | 'danger' | 'secondary' | 'info'> =
  {
    succeeded: 'success',
    processing: 'info',
    requires_action: 'warning',
    failed: 'danger',
    canceled: 'secondary',
    refunded: 'secondary',
    disputed: 'danger',
  };

export function RecordStatusBadge({ status }: { status: PaymentRecordStatus }) {
  return <StatusBadge text={RECORD_STATUS_LABELS[status] ?? status} tone={TONES[status]} />;
}

export const METHOD_LABELS: Record<LedgerMethod, string> = {
  card: 'Card',
  bank: 'Bank (ACH)',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

/** The row action a payment offers, named for what it does. */
export const REVERSAL_LABELS = { refunded: 'Refund', voided: 'Void', canceled: 'Cancel' } as const;

/** The horse a payment was for; a withdrawn registration keeps its name from the audit log. */
export function horseLabel(entry: LedgerEntry): string {
  if (!entry.horse.deleted) return entry.horse.name;
  return entry.horse.name ? `${entry.horse.name} (withdrawn)` : 'Withdrawn registration';
}

export const methodLabel = (entry: LedgerEntry): string =>
  METHOD_LABELS[entry.method] ?? entry.method;

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
