import { useEffect, useId } from 'react';
import { CFormInput, CFormLabel, CFormSelect, CSpinner } from '@coreui/react';
import {
  OWNER_ADDRESS_KEYS,
  OWNER_FIELD_LABELS,
  STATES,
  type OwnerAddressFill,
  type OwnerAddressKey,
} from '@registry/domain';
import type { Member } from '../../lib/admin-types';
import { useMember } from './api';

// An owner row's postal address and its labels, from the owners' table (domain
// horse/owner-fields.ts); a profile's fields have the same names.
export const ADDRESS_FIELDS = OWNER_ADDRESS_KEYS;
type AddressField = OwnerAddressKey;
const LABELS = OWNER_FIELD_LABELS;

/** The address fields a profile lacks. */
export function missingFields(member: Pick<Member, AddressField>): AddressField[] {
  return ADDRESS_FIELDS.filter((field) => !member[field]?.trim());
}

/** The part of the transfer body that completes a profile: only what was typed. */
export function addressFill(value: OwnerAddressFill): OwnerAddressFill | undefined {
  const filled = Object.fromEntries(
    Object.entries(value)
      .map(([key, text]) => [key, (text ?? '').trim()])
      .filter(([, text]) => text),
  ) as OwnerAddressFill;
  return Object.keys(filled).length > 0 ? filled : undefined;
}

/**
 * A transfer builds the owner row from the member's profile
 * (docs/decisions/0049-transfers-replace-the-owners-of-record.md). When the profile lacks part of
 * the address, the dialog shows which part and asks for it here; what is typed completes the
 * profile's empty fields and the owner row.
 */
export function ProfileGapFields({
  memberId,
  who,
  value,
  onChange,
  disabled,
}: {
  memberId: string;
  who: string;
  value: OwnerAddressFill;
  onChange: (value: OwnerAddressFill) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const member = useMember(memberId);
  const known = member.data?.id === memberId ? member.data : undefined;
  const missing = known ? missingFields(known) : [];
  // A new member picked: what was typed for the previous one does not carry over.
  useEffect(() => onChange({}), [memberId, onChange]);

  if (!known) {
    return member.loading ? (
      <p className="small mt-2 mb-0" role="status">
        <CSpinner as="span" size="sm" className="me-2" aria-hidden="true" />
        Checking {who}&apos;s profile…
      </p>
    ) : null;
  }
  if (missing.length === 0) return null;
  const name = known.name || known.email;
  return (
    <fieldset className="border rounded p-2 mt-2" aria-describedby={`${id}-why`}>
      <legend className="fs-6 float-none w-auto px-1 mb-0">
        {name}&apos;s profile has no {missing.map((f) => LABELS[f].toLowerCase()).join(', ')}
      </legend>
      <p id={`${id}-why`} className="small text-body-secondary mb-2">
        The owner on the record and the certificate come from the profile. Fill them in to complete
        both, or the horse&apos;s next edit asks for them.
      </p>
      <div className="row g-2">
        {missing.map((field) =>
          field === 'state' ? (
            <div key={field} className="col-12 col-sm-6">
              <CFormLabel htmlFor={`${id}-${field}`}>{LABELS[field]}</CFormLabel>
              <CFormSelect
                id={`${id}-${field}`}
                value={value.state ?? ''}
                disabled={disabled}
                onChange={(event) =>
                  onChange({
                    ...value,
                    state: (event.target.value || undefined) as OwnerAddressFill['state'],
                  })
                }
              >
                <option value="">Select…</option>
                {STATES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </CFormSelect>
            </div>
          ) : (
            <div key={field} className={field === 'address' ? 'col-12' : 'col-12 col-sm-6'}>
              <CFormLabel htmlFor={`${id}-${field}`}>{LABELS[field]}</CFormLabel>
              <CFormInput
                id={`${id}-${field}`}
                value={value[field] ?? ''}
                disabled={disabled}
                autoComplete="off"
                onChange={(event) => onChange({ ...value, [field]: event.target.value })}
              />
            </div>
          ),
        )}
      </div>
    </fieldset>
  );
}
