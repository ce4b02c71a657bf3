import { MEMBER_TRANSFER_STATUS_LABELS, type MemberTransferStatus } from '@registry/domain';

type Tone = 'warning' | 'success' | 'danger' | 'secondary' | 'info';

const TONES: Record<MemberTransferStatus, Tone> = {
  awaiting_buyer: 'warning',
  awaiting_payment: 'warning',
  awaiting_office: 'info',
  approved: 'success',
  rejected: 'danger',
  declined: 'secondary',
  cancelled: 'secondary',
};

/** A transfer's status, in the subtle badge style of the horse statuses (contrast). */
export function TransferBadge({ status }: { status: MemberTransferStatus }) {
  const tone = TONES[status];
  return (
    <span className={`badge bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle`}>
      {MEMBER_TRANSFER_STATUS_LABELS[status]}
    </span>
  );
}
