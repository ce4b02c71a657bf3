import { CFormInput, CFormLabel, CFormSelect } from '@coreui/react';
import { emptyTexts, OWNER_ADDRESS_KEYS, OWNER_FIELD_LABELS, STATES } from '@registry/domain';
import { MemberPicker, type PickedMember } from './member-picker';
import { CheckField } from '../../components/check-field';

/** How the horse will be owned after a transfer: alone, or jointly with a member or not. */
export type Ownership = 'single' | 'joint-member' | 'joint-non-member';

/** A co-owner who is not a member: a name and the postal address of the owners' table. */
const CO_OWNER_KEYS = ['name', ...OWNER_ADDRESS_KEYS] as const;
export type NonMemberCoOwner = Record<(typeof CO_OWNER_KEYS)[number], string>;

export const EMPTY_CO_OWNER: NonMemberCoOwner = emptyTexts(CO_OWNER_KEYS);

const OPTIONS: Array<[Ownership, string]> = [
  ['single', 'The new owner alone'],
  ['joint-member', 'Jointly with another member'],
  ['joint-non-member', 'Jointly with someone who is not a member'],
];

/** The co-owner's typed fields (the state is chosen below), labelled from the owners' table (domain horse/owner-fields.ts). */
const TEXT_FIELDS = CO_OWNER_KEYS.filter((key) => key !== 'state').map(
  (key): [keyof NonMemberCoOwner, string] => [
    key,
    `Co-owner ${OWNER_FIELD_LABELS[key].toLowerCase()}`,
  ],
);

/** The owners of record a transfer writes (docs/api.md "Horses", transfer). */
export function CoOwnerFields({
  ownership,
  onOwnership,
  coMember,
  onCoMember,
  nonMember,
  onNonMember,
  excludeId,
  disabled,
}: {
  ownership: Ownership;
  onOwnership: (value: Ownership) => void;
  coMember: PickedMember | null;
  onCoMember: (member: PickedMember | null) => void;
  nonMember: NonMemberCoOwner;
  onNonMember: (value: NonMemberCoOwner) => void;
  excludeId?: string | undefined;
  disabled: boolean;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="form-label fs-6 mb-1">Owners of record</legend>
      {OPTIONS.map(([value, label]) => (
        <CheckField
          key={value}
          type="radio"
          name="transfer-ownership"
          id={`transfer-ownership-${value}`}
          label={label}
          checked={ownership === value}
          disabled={disabled}
          onChange={() => onOwnership(value)}
        />
      ))}
      {ownership === 'joint-member' && (
        <div className="mt-2">
          <MemberPicker
            label="Co-owner"
            value={coMember}
            onChange={onCoMember}
            excludeId={excludeId}
            disabled={disabled}
          />
        </div>
      )}
      {ownership === 'joint-non-member' && (
        <div className="mt-2">
          {TEXT_FIELDS.map(([field, label]) => (
            <div key={field} className="mb-2">
              <CFormLabel htmlFor={`co-owner-${field}`}>{label}</CFormLabel>
              <CFormInput
                id={`co-owner-${field}`}
                value={nonMember[field]}
                disabled={disabled}
                onChange={(event) => onNonMember({ ...nonMember, [field]: event.target.value })}
              />
            </div>
          ))}
          <CFormLabel htmlFor="co-owner-state">
            Co-owner {OWNER_FIELD_LABELS.state.toLowerCase()}
          </CFormLabel>
          <CFormSelect
            id="co-owner-state"
            value={nonMember.state}
            disabled={disabled}
            onChange={(event) => onNonMember({ ...nonMember, state: event.target.value })}
          >
            <option value="">Choose…</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </CFormSelect>
        </div>
      )}
    </fieldset>
  );
}

/** The transfer body's ownership part for the choice made. */
export function ownershipBody(
  ownership: Ownership,
  coMember: PickedMember | null,
  nonMember: NonMemberCoOwner,
): Record<string, unknown> {
  if (ownership === 'joint-member') return { ownerType: 'Joint', coOwnerId: coMember?.id };
  if (ownership === 'joint-non-member') return { ownerType: 'Joint', coOwner: nonMember };
  return {};
}
