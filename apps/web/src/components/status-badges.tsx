import type { ApprovalStatus, PaymentStatus } from '../lib/horse-types';

type Tone = 'warning' | 'success' | 'danger' | 'secondary' | 'info';

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  processing: 'Processing',
  requires_action: 'Action required',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

const APPROVAL_TONES: Record<ApprovalStatus, Tone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  unpaid: 'secondary',
  processing: 'info',
  requires_action: 'warning',
  paid: 'success',
  failed: 'danger',
  refunded: 'secondary',
  disputed: 'danger',
};

/** Subtle badges: CoreUI's solid yellow and green with white text fail contrast. */
export function StatusBadge({ text, tone }: { text: string; tone: Tone }) {
  return (
    <span className={`badge bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle`}>
      {text}
    </span>
  );
}

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <StatusBadge
      text={APPROVAL_LABELS[status] ?? status}
      tone={APPROVAL_TONES[status] ?? 'secondary'}
    />
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <StatusBadge
      text={PAYMENT_LABELS[status] ?? status}
      tone={PAYMENT_TONES[status] ?? 'secondary'}
    />
  );
}
