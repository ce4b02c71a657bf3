import { CAlert, CButton } from '@coreui/react';
import { ChangeList } from '../../components/change-list';
import { HorseRecord } from '../../components/horse-record';
import { HorseRecordDialog } from '../../components/horse-record-dialog';
import { PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorse } from '../../lib/admin-types';
import { formatDaySlashed, ownerName } from '../../lib/format';
import { horseDisplayName } from '../../lib/horse-types';
import { useHorseForReview } from './api';
import { useStaffMay } from '../../stores/use-staff-role';
import { BreedingCheck } from '../breeding-reports/breeding-check';
import { PedigreeCheck } from './pedigree-check';
import type { QueueDialogProps } from './decision-dialog-props';

/** Every field and file of a pending registration, with the two decisions at the bottom. */
export function ReviewDialog({
  horseId,
  visible,
  onClose,
  onApprove,
  onReject,
}: {
  horseId: string | null;
  onApprove: (horse: AdminHorse) => void;
  onReject: (horse: AdminHorse) => void;
} & QueueDialogProps) {
  const { data: horse, error, loading, reload } = useHorseForReview(visible ? horseId : null);
  const ready = horse != null && horse._id === horseId;
  // Only roles that decide registrations see the decisions (the server refuses the others).
  const mayDecide = useStaffMay('approvals');
  return (
    <HorseRecordDialog
      visible={visible}
      onClose={onClose}
      title={ready ? `Review ${horseDisplayName(horse)}` : 'Review registration'}
      ready={ready}
      loading={loading}
      error={error}
      onRetry={reload}
      errorLead="The registration could not be loaded"
      loadingLabel="Loading the registration…"
      actions={
        ready &&
        horse.approvalStatus === 'pending' &&
        mayDecide && (
          <>
            <CButton color="danger" variant="outline" onClick={() => onReject(horse)}>
              Reject
            </CButton>
            <CButton color="success" onClick={() => onApprove(horse)}>
              Approve
            </CButton>
          </>
        )
      }
    >
      {ready && (
        <>
          <p className="mb-3">
            Submitted {formatDaySlashed(horse.createdAt)} by{' '}
            <strong>{ownerName(horse.owner, 'unknown member')}</strong>
            {horse.owner?.memberNumber && ` (member no. ${horse.owner.memberNumber})`} · Payment{' '}
            <PaymentStatusBadge status={horse.paymentStatus} />
            {horse.paymentMode && ` · ${horse.paymentMode}`}
          </p>
          {horse.resubmission && (
            <CAlert color="warning">
              <p className="mb-2">
                <strong>Corrected and resubmitted</strong> on{' '}
                {formatDaySlashed(horse.resubmission.at)}. It was rejected for:{' '}
                {horse.resubmission.previousReason || '(no reason recorded)'}
              </p>
              <ChangeList
                changes={horse.resubmission.changes}
                label="Changes since the rejection"
              />
            </CAlert>
          )}
          <BreedingCheck horseId={horse._id} />
          <PedigreeCheck horse={horse} />
          <HorseRecord horse={horse} />
        </>
      )}
    </HorseRecordDialog>
  );
}
