import '../../components/contrast.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
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
import { REJECTION_REASON_MAX } from '@registry/domain';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorse } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { decideHorse } from './api';

/** Reject a pending horse; the reason is required and is shown to the owner. */
export function RejectDialog({
  horse,
  visible,
  onClose,
  onDone,
}: {
  horse: AdminHorse | null;
  visible: boolean;
  onClose: () => void;
  onDone: (rejected: AdminHorse, message: string) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setReason('');
    setReasonError(null);
    setError(null);
  }, [visible, horse?._id]);

  if (!horse) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!reason.trim()) {
      setReasonError('A reason is required to reject a registration');
      return;
    }
    setBusy(true);
    try {
      const result = await decideHorse(horse._id, { action: 'reject', reason: reason.trim() });
      onDone(result.data, result.message ?? 'Horse rejected');
    } catch (caught) {
      const failure = caught as ApiError;
      if (failure.fields?.reason) setReasonError(failure.fields.reason);
      else setError(failure.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy}
      alignment="center"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CModalHeader closeButton={!busy}>
          <CModalTitle as="h2" className="h5" id={titleId}>
            Reject {horseDisplayName(horse)}
          </CModalTitle>
        </CModalHeader>
        <CModalBody>
          <CFormLabel htmlFor="reject-reason">Reason (shown to the owner) *</CFormLabel>
          <CFormTextarea
            id="reject-reason"
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            disabled={busy}
            invalid={Boolean(reasonError)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'reject-reason-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
          />
          {reasonError && (
            <div id="reject-reason-error" className="invalid-feedback d-block">
              {reasonError}
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
          <CButton type="submit" color="danger" className="btn-contrast" disabled={busy}>
            {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
            Reject
          </CButton>
        </CModalFooter>
      </form>
    </CModal>
  );
}
