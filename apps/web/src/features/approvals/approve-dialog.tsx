import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CFormCheck,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { PaymentStatusBadge } from '../../components/status-badges';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorse } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { isTaken, useNameAvailability } from '../../lib/name-availability';
import { decideHorse } from './api';

const CHOICE_LABELS = ['First choice', 'Second choice', 'Third choice'];

/**
 * Approve a pending horse: the approved name is one of the three choices (none preselected,
 * so it is a decision, not a default), VERIFIED only when verification was asked, and an
 * explicit, logged override when the registration is not paid.
 */
export function ApproveDialog({
  horse,
  visible,
  onClose,
  onDone,
}: {
  horse: AdminHorse | null;
  visible: boolean;
  onClose: () => void;
  onDone: (approved: AdminHorse) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [verified, setVerified] = useState(false);
  const [override, setOverride] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [approved, setApproved] = useState<AdminHorse | null>(null);
  // Only free names can be chosen: approved names are unique in the register.
  const taken = useNameAvailability(
    visible && horse ? [horse.firstChoice, horse.secondChoice, horse.thirdChoice] : [],
    horse?._id,
  );

  useEffect(() => {
    if (!visible) return;
    setName('');
    setVerified(false);
    setOverride(false);
    setError(null);
    setNameError(null);
    setApproved(null);
  }, [visible, horse?._id]);

  if (!horse) return null;
  const choices = [horse.firstChoice, horse.secondChoice, horse.thirdChoice]
    .map((choice, index) => ({ choice: choice.trim(), label: CHOICE_LABELS[index]! }))
    .filter(({ choice }) => choice)
    .map((entry) => ({ ...entry, taken: isTaken(taken.data, entry.choice) }));
  const noneFree = Array.isArray(taken.data) && choices.every((entry) => entry.taken);
  const asked = horse.performanceVerification === 'Yes';
  const unpaid = horse.paymentStatus !== 'paid';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name) {
      setNameError('Choose the approved name');
      return;
    }
    setBusy(true);
    try {
      const result = await decideHorse(horse._id, {
        action: 'approve',
        approvedName: name,
        ...(asked ? { verified } : {}),
        ...(unpaid ? { overrideUnpaid: override } : {}),
      });
      setApproved(result.data);
      onDone(result.data);
    } catch (caught) {
      setError((caught as ApiError).error);
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
            Approve {horseDisplayName(horse)}
          </CModalTitle>
        </CModalHeader>
        <CModalBody>
          {approved ? (
            <CAlert color="success" role="status" className="mb-0">
              <strong>{approved.approvedName}</strong> is approved with registration number{' '}
              <strong className="text-nowrap">{approved.registrationNum}</strong>. The owner has
              been emailed.
            </CAlert>
          ) : (
            <>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">Approved name</legend>
                {choices.map(({ choice, label, taken: isUsed }) => (
                  <CFormCheck
                    key={label}
                    type="radio"
                    name="approvedName"
                    id={`approve-name-${label}`}
                    label={`${choice} (${label.toLowerCase()}${isUsed ? ', already registered' : ''})`}
                    value={choice}
                    checked={name === choice}
                    disabled={busy || isUsed}
                    onChange={() => {
                      setName(choice);
                      setNameError(null);
                    }}
                  />
                ))}
                {noneFree && (
                  <CAlert color="warning" className="mt-2 mb-0">
                    All three names are already registered. Reject the registration so the member
                    can choose other names.
                  </CAlert>
                )}
                {nameError && (
                  <div className="invalid-feedback d-block" role="alert">
                    {nameError}
                  </div>
                )}
              </fieldset>
              {asked && (
                <CFormCheck
                  className="mb-3"
                  id="approve-verified"
                  label="Performance verified: print the VERIFIED stamp"
                  checked={verified}
                  disabled={busy}
                  onChange={(event) => setVerified(event.target.checked)}
                />
              )}
              <p className="mb-2">
                Payment: <PaymentStatusBadge status={horse.paymentStatus} />
              </p>
              {unpaid && (
                <div className="border border-warning-subtle rounded p-2 mb-2">
                  <CFormCheck
                    id="approve-override"
                    label="Approve although the registration is not paid"
                    checked={override}
                    disabled={busy}
                    onChange={(event) => setOverride(event.target.checked)}
                  />
                  <p className="small text-body-secondary mb-0 mt-1">
                    This override is recorded in the audit log with your name.
                  </p>
                </div>
              )}
              {error && (
                <CAlert color="danger" role="alert" className="mb-0">
                  {error}
                </CAlert>
              )}
            </>
          )}
        </CModalBody>
        <CModalFooter>
          <CButton color="secondary" variant="outline" disabled={busy} onClick={onClose}>
            Close
          </CButton>
          {!approved && (
            <CButton type="submit" color="success" disabled={busy || (unpaid && !override)}>
              {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
              Approve
            </CButton>
          )}
        </CModalFooter>
      </form>
    </CModal>
  );
}
