import { memo, useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  COUNTRIES,
  OWNER_COUNT,
  OWNER_FIELD_LABELS as LABEL,
  OWNER_TYPES,
  ownersFor,
  STATES,
  type OwnerType,
} from '@registry/domain';
import { CheckboxInput } from '../fields/checkbox-input';
import { ChoiceGroup } from '../fields/choice-group';
import type { HorseFieldName } from '../fields/use-field-error';
import { SelectInput } from '../fields/select-input';
import { TextInput } from '../fields/text-input';
import type { HorseFormValues } from '../form-values';
import { useOwnerMemberCheck, type OwnerAsked } from '../../../../lib/owner-member-check';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { ownerAsked } from '../register-lookups';
import { useRegistration } from '../registration-context';

/**
 * Asks the server whether an owner row's member number and name go together once the member
 * stops typing in them (GET owners/member-check; it answers only match, no-match or unknown)
 * and puts the answer at the Member Number field. Renders nothing: only it re-renders while
 * the row is typed in.
 */
function OwnerMemberCheck({ index }: { index: number }) {
  const { readOnly, lookups } = useRegistration();
  const { trigger } = useFormContext<HorseFormValues>();
  const owner = useWatch<HorseFormValues, `owners.${number}`>({ name: `owners.${index}` });
  const current = readOnly ? null : ownerAsked(owner);
  const typed = useDebouncedValue(current ? JSON.stringify(current) : '', 600);
  const answer = useOwnerMemberCheck(typed ? (JSON.parse(typed) as OwnerAsked) : null);
  useEffect(() => {
    if (!typed || !answer || !lookups) return;
    lookups.noteOwner(JSON.parse(typed) as OwnerAsked, answer);
    void trigger(`owners.${index}.memberNum`);
  }, [answer, typed, lookups, index, trigger]);
  return null;
}

const OwnerRow = memo(function OwnerRow({ index }: { index: number }) {
  const at = (field: string) => `owners.${index}.${field}` as `owners.${number}.memberNum`;
  return (
    <fieldset className="horse-subgroup col-12">
      <legend className="horse-subgroup-legend">Owner {index + 1}</legend>
      <div className="row g-2">
        <TextInput className="col-md-4" name={at('memberNum')} label={LABEL.memberNum} required />
        <TextInput className="col-md-8" name={at('name')} label={LABEL.name} required />
        <OwnerMemberCheck index={index} />
        <TextInput className="col-12" name={at('address')} label={LABEL.address} required />
        <TextInput className="col-md-5" name={at('city')} label={LABEL.city} required />
        <SelectInput
          className="col-md-4"
          name={at('state')}
          label={LABEL.state}
          options={STATES}
          required
        />
        <TextInput className="col-md-3" name={at('zip')} label={LABEL.zip} required />
        <SelectInput
          className="col-md-4"
          name={at('country')}
          label={LABEL.country}
          options={COUNTRIES}
          required
        />
        {index > 0 && (
          <div className="col-12">
            {/* A co-owner outside the association gives no member number
                (docs/decisions/0050-unique-names-and-registry-member-numbers.md). */}
            <CheckboxInput
              name={at('nonMember') as HorseFieldName}
              label={`${LABEL.nonMember} of the association (leave ${LABEL.memberNum} empty)`}
            />
          </div>
        )}
      </div>
    </fieldset>
  );
});

/** The rows follow the owner type; only this part re-renders when it changes. */
const OwnerRows = memo(function OwnerRows() {
  const { control } = useFormContext<HorseFormValues>();
  const ownerType = useWatch({ control, name: 'ownerType' });
  const count = OWNER_COUNT[ownerType as OwnerType] ?? 1;
  return (
    <div className="row g-3 mt-0">
      {Array.from({ length: count }, (_, index) => (
        <OwnerRow key={index} index={index} />
      ))}
    </div>
  );
});

/** Spec §2.6 item 14: Joint gives two owner rows, Single one. */
export const OwnersSection = memo(function OwnersSection() {
  const { getValues, setValue, clearErrors } = useFormContext<HorseFormValues>();
  const typeOptions = useMemo(
    () => ({
      onChange: (event: { target: { value: string } }) => {
        const type = event.target.value as OwnerType;
        if (!(OWNER_TYPES as readonly string[]).includes(type)) return;
        // Rows already typed in are kept; a second owner dropped by Single goes with its errors.
        setValue('owners', ownersFor(type, getValues('owners')));
        if (OWNER_COUNT[type] < 2) clearErrors('owners.1');
      },
    }),
    [getValues, setValue, clearErrors],
  );
  return (
    <>
      <ChoiceGroup
        name="ownerType"
        legend="Owner Type"
        options={OWNER_TYPES}
        required
        registerOptions={typeOptions}
      />
      <OwnerRows />
    </>
  );
});
