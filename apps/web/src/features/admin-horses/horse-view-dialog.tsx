import { CAlert } from '@coreui/react';
import { HorseRecord } from '../../components/horse-record';
import { HorseRecordDialog } from '../../components/horse-record-dialog';
import { ApprovalStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { horseDisplayName } from '../../lib/horse-types';
import { AdminPaymentsPanel } from '../payments/admin-payments-panel';
import { useAdminHorse } from './api';
import { HistoryTimeline } from './history-timeline';
import { ParentLinksPanel } from './parent-links-panel';
import { ownerName } from '../../lib/format';

/** The full registration of any horse with its history (submitted, paid, decided, transferred). */
export function HorseViewDialog({
  horseId,
  visible,
  onClose,
}: {
  horseId: string | null;
  visible: boolean;
  onClose: () => void;
}) {
  const { data: horse, error, loading, reload } = useAdminHorse(visible ? horseId : null);
  const ready = horse != null && horse._id === horseId;
  return (
    <HorseRecordDialog
      visible={visible}
      onClose={onClose}
      title={ready ? horseDisplayName(horse) : 'Horse'}
      ready={ready}
      loading={loading}
      error={error}
      onRetry={reload}
      errorLead="The horse could not be loaded"
      loadingLabel="Loading the horse…"
    >
      {ready && (
        <div className="row g-4">
          <div className="col-12 col-lg-8">
            <p className="mb-3 d-flex flex-wrap gap-2 align-items-center">
              <ApprovalStatusBadge status={horse.approvalStatus} />
              <PaymentStatusBadge status={horse.paymentStatus} />
              <span>
                Owner: <strong>{ownerName(horse.owner, 'unknown member')}</strong>
                {horse.owner?.memberNumber && ` (no. ${horse.owner.memberNumber})`}
              </span>
            </p>
            {horse.approvalStatus === 'rejected' && horse.rejectionReason && (
              <CAlert color="danger">Rejected: {horse.rejectionReason}</CAlert>
            )}
            <HorseRecord horse={horse} />
          </div>
          <div className="col-12 col-lg-4">
            <ParentLinksPanel horseId={horse._id} version={horse.version} onReviewAgain={reload} />
            <h3 className="h6 border-bottom pb-1">History</h3>
            <HistoryTimeline entries={horse.history} />
            <AdminPaymentsPanel
              horse={{
                id: horse._id,
                name: horseDisplayName(horse),
                paymentStatus: horse.paymentStatus,
                performanceVerification: horse.performanceVerification,
                feesPaid: horse.feesPaid,
              }}
            />
          </div>
        </div>
      )}
    </HorseRecordDialog>
  );
}
