import { useCallback, useEffect } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { CFormLabel, CFormTextarea } from '@coreui/react';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { TRANSFER_NOTE_MAX, type OwnerAddressFill } from '@registry/domain';
import { ChangedSinceNotice, useDecisionAction } from '../../components/changed-since-notice';
import { useInvalidate } from '../../stores/server-api';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorseSummary } from '../../lib/admin-types';
import { horseDisplayName } from '../../lib/horse-types';
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
import { ownerName } from '../../lib/format';

interface TransferValues {
  owner: PickedMember | null;
  note: string;
  ownership: Ownership;
  coMember: PickedMember | null;
  nonMember: NonMemberCoOwner;
  ownerGaps: OwnerAddressFill;
  coOwnerGaps: OwnerAddressFill;
}

const EMPTY_TRANSFER: TransferValues = {
  owner: null,
  note: '',
  ownership: 'single',
  coMember: null,
  nonMember: EMPTY_CO_OWNER,
  ownerGaps: {},
  coOwnerGaps: {},
};

/** The choices a transfer cannot go without, in the order the dialog asks for them. */
const choicesMade: Resolver<TransferValues> = (values) => {
  const errors: FieldErrors<TransferValues> = {};
  if (!values.owner) errors.owner = { type: 'required', message: 'Choose the new owner' };
  else if (values.ownership === 'joint-member' && !values.coMember) {
    errors.coMember = { type: 'required', message: 'Choose the co-owner' };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export interface TransferDialogProps {
  /** A list row or a full record: the dialog needs the id, names and owner. */
  horse: Pick<
    AdminHorseSummary,
    '_id' | 'version' | 'owner' | 'approvedName' | 'firstChoice' | 'secondChoice' | 'thirdChoice'
  > | null;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Transfer a horse to another active member; history is kept and both owners are emailed. */
export function TransferDialog({ horse, visible, onClose, onDone }: TransferDialogProps) {
  // The dialog's values live in react-hook-form; the pickers and the co-owner's fields are set
  // through setValue. The body's rules are the server's (transferHorseSchema; its `fields` are
  // shown joined below, as a non-member co-owner's missing details are refused there): only
  // the choices a transfer cannot go without are checked here first.
  const { control, register, reset, setValue, handleSubmit, formState, clearErrors } =
    useForm<TransferValues>({ defaultValues: EMPTY_TRANSFER, resolver: choicesMade });
  const [owner, ownership, coMember, nonMember, ownerGaps, coOwnerGaps] = useWatch({
    control,
    name: ['owner', 'ownership', 'coMember', 'nonMember', 'ownerGaps', 'coOwnerGaps'],
  });
  const transferHorse = useTransferHorse();
  const invalidate = useInvalidate();
  const { action, conflict, clearConflict } = useDecisionAction((failure: ApiError) => {
    const fields = Object.values(failure.fields ?? {}).filter((m) => m !== failure.error);
    return [failure.error, ...fields].join(' ');
  });
  const { busy, fail } = action;
  const error =
    formState.errors.owner?.message ?? formState.errors.coMember?.message ?? action.error;
  // ProfileGapFields empties its part when another member is picked: these must stay stable.
  const setOwnerGaps = useCallback(
    (value: OwnerAddressFill) => setValue('ownerGaps', value),
    [setValue],
  );
  const setCoOwnerGaps = useCallback(
    (value: OwnerAddressFill) => setValue('coOwnerGaps', value),
    [setValue],
  );

  useEffect(() => {
    if (!visible) return;
    reset(EMPTY_TRANSFER);
    clearConflict();
    fail(null);
  }, [visible, horse?._id, reset, fail, clearConflict]);

  if (!horse) return null;
  const name = horseDisplayName(horse);

  /** A new choice clears the refusal it answers. */
  const chosen = () => {
    clearErrors();
    fail(null);
  };

  const confirm = handleSubmit((values) => {
    void action.run(async () => {
      const result = await transferHorse({
        horseId: horse._id,
        version: horse.version,
        newOwnerId: values.owner!.id,
        note: values.note,
        ownership: {
          ...ownershipBody(values.ownership, values.coMember, values.nonMember),
          newOwnerAddress: addressFill(values.ownerGaps),
          ...(values.ownership === 'joint-member'
            ? { coOwnerAddress: addressFill(values.coOwnerGaps) }
            : {}),
        },
      }).unwrap();
      onDone(result.message ?? 'Ownership transferred');
    });
  });

  return (
    <ActionDialog
      title={`Transfer ${name}`}
      visible={visible}
      busy={busy}
      error={error}
      onClose={onClose}
      closeLabel="Cancel"
      actions={
        <BusyButton
          color="primary"
          busy={busy}
          disabled={busy || !owner || conflict !== null}
          onClick={() => void confirm()}
        >
          Transfer ownership
        </BusyButton>
      }
    >
      {conflict && (
        <div className="mb-3">
          <ChangedSinceNotice
            conflict={conflict}
            onReviewAgain={() => {
              // The list answers again with the horse as it is now; open it from there.
              invalidate('Horse');
              onClose();
            }}
          />
        </div>
      )}
      <p>
        Current owner: <strong>{ownerName(horse.owner, 'unknown')}</strong>
        {horse.owner?.memberNumber && ` (no. ${horse.owner.memberNumber})`}
      </p>
      <MemberPicker
        label="New owner"
        value={owner}
        onChange={(picked) => {
          setValue('owner', picked);
          chosen();
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
          setValue('ownership', value);
          chosen();
        }}
        coMember={coMember}
        onCoMember={(picked) => {
          setValue('coMember', picked);
          clearErrors('coMember');
        }}
        nonMember={nonMember}
        onNonMember={(value) => setValue('nonMember', value)}
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
        disabled={busy}
        {...register('note')}
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
