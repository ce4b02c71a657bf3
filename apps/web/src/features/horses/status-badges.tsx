import type { ApprovalStatus, PaymentStatus } from '../../lib/horse-types';

type Tone = 'warning' | 'success' | 'danger' | 'secondary' | 'info';

const APPROVAL: Record<ApprovalStatus, [string, Tone]> = {
  pending: ['Pending', 'warning'],
  approved: ['Approved', 'success'],
  rejected: ['Rejected', 'danger'],
};

const PAYMENT: Record<PaymentStatus, [string, Tone]> = {
  unpaid: ['Unpaid', 'secondary'],
  processing: ['Processing', 'info'],
  requires_action: ['Action required', 'warning'],
  paid: ['Paid', 'success'],
  failed: ['Failed', 'danger'],
  refunded: ['Refunded', 'secondary'],
  disputed: ['Disputed', 'danger'],
};

/** Subtle badges: CoreUI's solid yellow and green with white text fail contrast. */
function Badge({ text, tone }: { text: string; tone: Tone }) {
  return (
    <span className={`badge bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle`}>
      {text}
    </span>
  );
}

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const [text, tone] = APPROVAL[status] ?? [status, 'secondary'];
  return <Badge text={text} tone={tone} />;
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const [text, tone] = PAYMENT[status] ?? [status, 'secondary'];
  return <Badge text={text} tone={tone} />;
}

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: APPROVAL.pending[0],
  approved: APPROVAL.approved[0],
  rejected: APPROVAL.rejected[0],
};
