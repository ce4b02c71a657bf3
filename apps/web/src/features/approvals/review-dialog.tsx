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
import { PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorse } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
import { horseDisplayName } from '../../lib/horse-types';
import { useHorseForReview } from './api';

/** Every field and file of a pending registration, with the two decisions at the bottom. */
export function ReviewDialog({
  horseId,
  visible,
  onClose,
  onApprove,
  onReject,
}: {
  horseId: string | null;
  visible: boolean;
  onClose: () => void;
  onApprove: (horse: AdminHorse) => void;
  onReject: (horse: AdminHorse) => void;
}) {
  const titleId = useId();
  const { data: horse, error, loading, reload } = useHorseForReview(visible ? horseId : null);
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
          {ready ? `Review ${horseDisplayName(horse)}` : 'Review registration'}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        {error && !loading && (
          <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2">
            <span>The registration could not be loaded: {error.error}</span>
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
            <span className="visually-hidden">Loading the registration…</span>
          </div>
        )}
        {ready && (
          <>
            <p className="mb-3">
              Submitted {formatDaySlashed(horse.createdAt)} by{' '}
              <strong>{horse.owner?.name || horse.owner?.email || 'unknown member'}</strong>
              {horse.owner?.memberNumber && ` (member no. ${horse.owner.memberNumber})`} · Payment{' '}
              <PaymentStatusBadge status={horse.paymentStatus} />
              {horse.paymentMode && ` · ${horse.paymentMode}`}
            </p>
            <HorseRecord horse={horse} />
          </>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onClose}>
          Close
        </CButton>
        {ready && horse.approvalStatus === 'pending' && (
          <>
            <CButton color="danger" variant="outline" onClick={() => onReject(horse)}>
              Reject
            </CButton>
            <CButton color="success" onClick={() => onApprove(horse)}>
              Approve
            </CButton>
          </>
        )}
      </CModalFooter>
    </CModal>
  );
}
