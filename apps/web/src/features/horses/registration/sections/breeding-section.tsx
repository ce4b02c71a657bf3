import { memo, useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { SEXES, STATES, toIsoDate } from '@registry/domain';
import { ChoiceGroup } from '../fields/choice-group';
import { SelectInput } from '../fields/select-input';
import { TextInput } from '../fields/text-input';
import type { HorseFormValues } from '../form-values';
import { useRegistration } from '../registration-context';

/** Spec §2.6 item 7. */
export const BreedingSection = memo(function BreedingSection() {
  const { getValues, trigger } = useFormContext<HorseFormValues>();
  const { submittedRef } = useRegistration();
  const today = toIsoDate(new Date());
  // The breeding date is judged against the foal date: recheck it when the foal date changes,
  // but only once it has a value (or after Save), so an untouched field is not flagged early.
  const foalDateOptions = useMemo(
    () => ({
      onChange: () => {
        if (submittedRef.current || getValues('breedingDate')) void trigger('breedingDate');
      },
    }),
    [getValues, trigger, submittedRef],
  );
  return (
    <div className="row g-3">
      <SelectInput
        className="col-md-6 col-lg-4"
        name="stateFoaledIn"
        label="State Foaled In"
        options={STATES}
        required
      />
      <TextInput className="col-md-6 col-lg-4" name="breed" label="Breed" />
      <TextInput className="col-md-6 col-lg-4" name="bredBy" label="Bred By" />
      <TextInput
        className="col-md-6 col-lg-4"
        name="foalDate"
        label="Foal Date"
        type="date"
        max={today}
        required
        options={foalDateOptions}
      />
      <TextInput
        className="col-md-6 col-lg-4"
        name="breedingDate"
        label="Breeding Date"
        type="date"
        required
        hint="Not before the foal date."
      />
    </div>
  );
});

/** Spec §2.6 item 8. */
export const SexSection = memo(function SexSection() {
  return <ChoiceGroup name="sex" legend="Sex" legendHidden options={SEXES} required />;
});
