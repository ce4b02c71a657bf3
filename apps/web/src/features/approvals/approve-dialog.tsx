import { useEffect, useState } from 'react';
import { CAlert } from '@coreui/react';
import { NAME_CHOICE_KEYS, textField } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { ChangedSinceNotice, useDecisionAction } from '../../components/changed-since-notice';
import { PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorse } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { isTaken, useNameAvailability } from '../../lib/name-availability';
import { useDecideHorse } from './api';
import { CheckField } from '../../components/check-field';
import type { DecisionDialogProps } from './decision-dialog-props';

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
  onReviewAgain,
}: { horse: AdminHorse | null } & DecisionDialogProps<[approved: AdminHorse]>) {
  const decideHorse = useDecideHorse();
  const [name, setName] = useState('');
  const [verified, setVerified] = useState(false);
  const [override, setOverride] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const { action, conflict, clearConflict } = useDecisionAction();
  const { busy, fail } = action;
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
    fail(null);
    setNameError(null);
    setApproved(null);
    clearConflict();
  }, [visible, horse?._id, horse?.version, fail, clearConflict]);

  if (!horse) return null;
  const choices = NAME_CHOICE_KEYS.map((key) => ({
    choice: horse[key].trim(),
    label: textField(key).label,
  }))
    .filter(({ choice }) => choice)
    .map((entry) => ({ ...entry, taken: isTaken(taken.data, entry.choice) }));
  const noneFree = Array.isArray(taken.data) && choices.every((entry) => entry.taken);
  const asked = horse.performanceVerification === 'Yes';
  // A paid horse whose answers now cost more owes the rest (feesPaid lists what was paid).
  const unpaid = horse.paymentStatus !== 'paid';

  const submit = () => {
    fail(null);
    if (!name) {
      setNameError('Choose the approved name');
      return;
    }
    void action.run(async () => {
      const result = await decideHorse({
        id: horse._id,
        body: {
          action: 'approve',
          version: horse.version,
          approvedName: name,
          ...(asked ? { verified } : {}),
          ...(unpaid ? { overrideUnpaid: override } : {}),
        },
      }).unwrap();
      setApproved(result.data);
      onDone(result.data);
    });
  };

  return (
    <ActionDialog
      title={`Approve ${horseDisplayName(horse)}`}
      visible={visible}
      busy={busy}
      error={action.error}
      onClose={onClose}
      onSubmit={submit}
      actions={
        !approved &&
        !conflict && (
          <BusyButton
            type="submit"
            color="success"
            busy={busy}
            disabled={busy || (unpaid && !override)}
          >
            Approve
          </BusyButton>
        )
      }
    >
      {conflict ? (
        <ChangedSinceNotice conflict={conflict} onReviewAgain={onReviewAgain} />
      ) : approved ? (
        <CAlert color="success" role="status" className="mb-0">
          <strong>{approved.approvedName}</strong> is approved with registration number{' '}
          <strong className="text-nowrap">{approved.registrationNum}</strong>. The owner has been
          emailed.
        </CAlert>
      ) : (
        <>
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Approved name</legend>
            {choices.map(({ choice, label, taken: isUsed }) => (
              <CheckField
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
                All three names are already registered. Reject the registration so the member can
                choose other names.
              </CAlert>
            )}
            {nameError && (
              <div className="invalid-feedback d-block" role="alert">
                {nameError}
              </div>
            )}
          </fieldset>
          {asked && (
            <CheckField
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
              <CheckField
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
        </>
      )}
    </ActionDialog>
  );
}
