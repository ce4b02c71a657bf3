import { useId } from 'react';
import {
  CAlert,
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { HorseRecord } from '../../components/horse-record';
import { ApprovalStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { horseDisplayName } from '../../lib/horse-types';
import { useAdminHorse } from './api';
import { HistoryTimeline } from './history-timeline';

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
  const titleId = useId();
  const { data: horse, error, loading, reload } = useAdminHorse(visible ? horseId : null);
  const ready = horse && horse._id === horseId;
  return (
    <CModal
      visible={visible}
      onClose={onClose}
      size="xl"
      fullscreen="lg"
      scrollable
      aria-labelledby={titleId}
    >
      <CModalHeader>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {ready ? horseDisplayName(horse) : 'Horse'}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        {error && !loading && (
          <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2">
            <span>The horse could not be loaded: {error.error}</span>
            <CButton
              color="danger"
              variant="outline"
              size="sm"
              className="ms-auto"
              onClick={reload}
            >
              Try again
            </CButton>
          </CAlert>
        )}
        {!ready && loading && (
          <div className="d-flex justify-content-center py-5" role="status">
            <CSpinner color="primary" aria-hidden="true" />
            <span className="visually-hidden">Loading the horse…</span>
          </div>
        )}
        {ready && (
          <div className="row g-4">
            <div className="col-12 col-lg-8">
              <p className="mb-3 d-flex flex-wrap gap-2 align-items-center">
                <ApprovalStatusBadge status={horse.approvalStatus} />
                <PaymentStatusBadge status={horse.paymentStatus} />
                <span>
                  Owner:{' '}
                  <strong>{horse.owner?.name || horse.owner?.email || 'unknown member'}</strong>
                  {horse.owner?.memberNumber && ` (no. ${horse.owner.memberNumber})`}
                </span>
              </p>
              {horse.approvalStatus === 'rejected' && horse.rejectionReason && (
                <CAlert color="danger">Rejected: {horse.rejectionReason}</CAlert>
              )}
              <HorseRecord horse={horse} />
            </div>
            <div className="col-12 col-lg-4">
              <h3 className="h6 border-bottom pb-1">History</h3>
              <HistoryTimeline entries={horse.history} />
            </div>
          </div>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onClose}>
          Close
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
