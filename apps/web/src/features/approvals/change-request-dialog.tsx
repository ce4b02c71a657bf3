import '../../components/contrast.css';
import { useEffect, useId, useState } from 'react';
import {
  CAlert,
  CButton,
  CFormLabel,
  CFormTextarea,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { CHANGE_REQUEST_MESSAGES, REJECTION_REASON_MAX } from '@registry/domain';
import { ChangeList } from '../../components/change-list';
import type { ApiError } from '../../lib/api-client';
import type { ChangeRequest } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
import { decideChange } from './api';

/**
 * A member's change to an approved record: what it was and what it becomes, field by field,
 * with Approve (applies it) and Reject (a reason is required).
 */
export function ChangeRequestDialog({
  request,
  visible,
  onClose,
  onDone,
}: {
  request: ChangeRequest | null;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setRejecting(false);
    setReason('');
    setReasonError(null);
    setError(null);
  }, [visible, request?.id]);

  if (!request) return null;

  const decide = async (action: 'approve' | 'reject') => {
    setError(null);
    if (action === 'reject' && !reason.trim()) {
      setReasonError(CHANGE_REQUEST_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      const result = await decideChange(
        request.id,
        action === 'approve' ? { action } : { action, reason: reason.trim() },
      );
      onDone(
        result.message ??
          (action === 'approve'
            ? CHANGE_REQUEST_MESSAGES.approved
            : CHANGE_REQUEST_MESSAGES.rejected),
      );
    } catch (caught) {
      const failure = caught as ApiError;
      if (failure.fields?.reason) setReasonError(failure.fields.reason);
      else setError(failure.error);
    } finally {
      setBusy(false);
    }
  };

  const who = request.requestedBy ?? request.owner;
  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy}
      size="lg"
      alignment="center"
      aria-labelledby={titleId}
    >
      <CModalHeader closeButton={!busy}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          Change to {request.horseName}
          {request.registrationNumber && ` (${request.registrationNumber})`}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <p>
          Sent {formatDaySlashed(request.updatedAt)} by{' '}
          <strong>{who?.name || who?.email || 'unknown member'}</strong>
          {who?.memberNumber && ` (member no. ${who.memberNumber})`}. The approved record stays as
          it is until you approve.
        </p>
        <ChangeList changes={request.changes} label="Requested changes" />
        {rejecting && (
          <div className="mt-3">
            <CFormLabel htmlFor="change-reject-reason">Reason (shown to the owner) *</CFormLabel>
            <CFormTextarea
              id="change-reject-reason"
              rows={3}
              maxLength={REJECTION_REASON_MAX}
              value={reason}
              disabled={busy}
              invalid={Boolean(reasonError)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'change-reject-reason-error' : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
            />
            {reasonError && (
              <div id="change-reject-reason-error" className="invalid-feedback d-block">
                {reasonError}
              </div>
            )}
          </div>
        )}
        {error && (
          <CAlert color="danger" role="alert" className="mt-3 mb-0">
            {error}
          </CAlert>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={busy} onClick={onClose}>
          Close
        </CButton>
        <CButton
          color="danger"
          variant={rejecting ? undefined : 'outline'}
          className={rejecting ? 'btn-contrast' : undefined}
          disabled={busy}
          onClick={() => (rejecting ? void decide('reject') : setRejecting(true))}
        >
          {rejecting ? 'Reject change' : 'Reject'}
        </CButton>
        {!rejecting && (
          <CButton color="success" disabled={busy} onClick={() => void decide('approve')}>
            {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
            Approve change
          </CButton>
        )}
      </CModalFooter>
    </CModal>
  );
}
