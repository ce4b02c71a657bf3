import { memo, useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { formLabelOf, SEXES, STATES, toIsoDate } from '@registry/domain';
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
        label={formLabelOf('stateFoaledIn')}
        options={STATES}
        required
      />
      <TextInput className="col-md-6 col-lg-4" name="breed" label={formLabelOf('breed')} />
      <TextInput className="col-md-6 col-lg-4" name="bredBy" label={formLabelOf('bredBy')} />
      <TextInput
        className="col-md-6 col-lg-4"
        name="foalDate"
        label={formLabelOf('foalDate')}
        type="date"
        max={today}
        required
        options={foalDateOptions}
      />
      <TextInput
        className="col-md-6 col-lg-4"
        name="breedingDate"
        label={formLabelOf('breedingDate')}
        type="date"
        required
        hint="Not before the foal date."
      />
    </div>
  );
});

/** Spec §2.6 item 8. */
export const SexSection = memo(function SexSection() {
  return (
    <ChoiceGroup name="sex" legend={formLabelOf('sex')} legendHidden options={SEXES} required />
  );
});
