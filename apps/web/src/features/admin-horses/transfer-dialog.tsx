import { useEffect, useState } from 'react';
import { CFormLabel, CFormTextarea } from '@coreui/react';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { TRANSFER_NOTE_MAX, type OwnerAddressFill } from '@registry/domain';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorseSummary } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
import { useAction } from '../../lib/use-action';
import { useTransferHorse } from './api';
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
  const [owner, setOwner] = useState<PickedMember | null>(null);
  const [note, setNote] = useState('');
  const [ownership, setOwnership] = useState<Ownership>('single');
  const [coMember, setCoMember] = useState<PickedMember | null>(null);
  const [nonMember, setNonMember] = useState<NonMemberCoOwner>(EMPTY_CO_OWNER);
  const [ownerGaps, setOwnerGaps] = useState<OwnerAddressFill>({});
  const [coOwnerGaps, setCoOwnerGaps] = useState<OwnerAddressFill>({});
  const transferHorse = useTransferHorse();
  const action = useAction((failure: ApiError) => {
    const fields = Object.values(failure.fields ?? {}).filter((m) => m !== failure.error);
    return [failure.error, ...fields].join(' ');
  });
  const { busy, error, fail: setError } = action;

  useEffect(() => {
    if (!visible) return;
    setOwner(null);
    setNote('');
    setOwnership('single');
    setCoMember(null);
    setNonMember(EMPTY_CO_OWNER);
    setError(null);
  }, [visible, horse?._id, setError]);

  if (!horse) return null;
  const name = horseDisplayName(horse);

  const confirm = () => {
    if (!owner) {
      setError('Choose the new owner');
      return;
    }
    if (ownership === 'joint-member' && !coMember) {
      setError('Choose the co-owner');
      return;
    }
    void action.run(async () => {
      const result = await transferHorse({
        horseId: horse._id,
        newOwnerId: owner.id,
        note,
        ownership: {
          ...ownershipBody(ownership, coMember, nonMember),
          newOwnerAddress: addressFill(ownerGaps),
          ...(ownership === 'joint-member' ? { coOwnerAddress: addressFill(coOwnerGaps) } : {}),
        },
      }).unwrap();
      onDone(result.message ?? 'Ownership transferred');
    });
  };

  return (
    <ActionDialog
      title={`Transfer ${name}`}
      visible={visible}
      busy={busy}
      error={error}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <BusyButton color="primary" busy={busy} disabled={busy || !owner} onClick={confirm}>
          Transfer ownership
        </BusyButton>
      }
    >
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
    </ActionDialog>
  );
}
