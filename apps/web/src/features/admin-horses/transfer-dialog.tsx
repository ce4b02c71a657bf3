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
import { TRANSFER_NOTE_MAX, type OwnerAddressFill } from '@registry/domain';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorseSummary } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { transferHorse } from './api';
import { MemberPicker, type PickedMember } from './member-picker';
import {
  CoOwnerFields,
  EMPTY_CO_OWNER,
  ownershipBody,
  type NonMemberCoOwner,
  type Ownership,
} from './co-owner-fields';
import { addressFill, ProfileGapFields } from './profile-gap-fields';

/** Transfer a horse to another active member; history is kept and both owners are emailed. */
export function TransferDialog({
  horse,
  visible,
  onClose,
  onDone,
}: {
  /** A list row or a full record: the dialog needs the id, names and owner. */
  horse: Pick<
    AdminHorseSummary,
    '_id' | 'owner' | 'approvedName' | 'firstChoice' | 'secondChoice' | 'thirdChoice'
  > | null;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const [owner, setOwner] = useState<PickedMember | null>(null);
  const [note, setNote] = useState('');
  const [ownership, setOwnership] = useState<Ownership>('single');
  const [coMember, setCoMember] = useState<PickedMember | null>(null);
  const [nonMember, setNonMember] = useState<NonMemberCoOwner>(EMPTY_CO_OWNER);
  const [ownerGaps, setOwnerGaps] = useState<OwnerAddressFill>({});
  const [coOwnerGaps, setCoOwnerGaps] = useState<OwnerAddressFill>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setOwner(null);
    setNote('');
    setOwnership('single');
    setCoMember(null);
    setNonMember(EMPTY_CO_OWNER);
    setError(null);
  }, [visible, horse?._id]);

  if (!horse) return null;
  const name = horseDisplayName(horse);

  const confirm = async () => {
    if (!owner) {
      setError('Choose the new owner');
      return;
    }
    if (ownership === 'joint-member' && !coMember) {
      setError('Choose the co-owner');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await transferHorse(horse._id, owner.id, note, {
        ...ownershipBody(ownership, coMember, nonMember),
        newOwnerAddress: addressFill(ownerGaps),
        ...(ownership === 'joint-member' ? { coOwnerAddress: addressFill(coOwnerGaps) } : {}),
      });
      onDone(result.message ?? 'Ownership transferred');
    } catch (caught) {
      const failure = caught as ApiError;
      const fields = Object.values(failure.fields ?? {}).filter((m) => m !== failure.error);
      setError([failure.error, ...fields].join(' '));
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
      <CModalHeader closeButton={!busy}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          Transfer {name}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <p>
          Current owner: <strong>{horse.owner?.name || horse.owner?.email || 'unknown'}</strong>
          {horse.owner?.memberNumber && ` (no. ${horse.owner.memberNumber})`}
        </p>
        <MemberPicker
          label="New owner"
          value={owner}
          onChange={(picked) => {
            setOwner(picked);
            setError(null);
          }}
          excludeId={horse.owner?.id}
          disabled={busy}
        />
        {owner && (
          <ProfileGapFields
            memberId={owner.id}
            who="the new owner"
            value={ownerGaps}
            onChange={setOwnerGaps}
            disabled={busy}
          />
        )}
        <CoOwnerFields
          ownership={ownership}
          onOwnership={(value) => {
            setOwnership(value);
            setError(null);
          }}
          coMember={coMember}
          onCoMember={setCoMember}
          nonMember={nonMember}
          onNonMember={setNonMember}
          excludeId={owner?.id}
          disabled={busy}
        />
        {ownership === 'joint-member' && coMember && (
          <ProfileGapFields
            memberId={coMember.id}
            who="the co-owner"
            value={coOwnerGaps}
            onChange={setCoOwnerGaps}
            disabled={busy}
          />
        )}
        <CFormLabel htmlFor="transfer-note" className="mt-3">
          Note (optional, kept in the history)
        </CFormLabel>
        <CFormTextarea
          id="transfer-note"
          rows={2}
          maxLength={TRANSFER_NOTE_MAX}
          value={note}
          disabled={busy}
          onChange={(event) => setNote(event.target.value)}
        />
        {owner && (
          <p className="mt-3 mb-0">
            {name} will belong to <strong>{owner.name || owner.email}</strong>
            {ownership === 'joint-member' && coMember && (
              <> jointly with {coMember.name || coMember.email}</>
            )}
            {ownership === 'joint-non-member' && nonMember.name && (
              <> jointly with {nonMember.name}</>
            )}
            ; the certificate will name the new owners. Both owners are emailed.
          </p>
        )}
        {error && (
          <CAlert color="danger" role="alert" className="mt-3 mb-0">
            {error}
          </CAlert>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={busy} onClick={onClose}>
          Cancel
        </CButton>
        <CButton color="primary" disabled={busy || !owner} onClick={() => void confirm()}>
          {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          Transfer ownership
        </CButton>
      </CModalFooter>
    </CModal>
  );
}
