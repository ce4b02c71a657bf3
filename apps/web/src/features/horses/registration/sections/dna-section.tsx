import { memo, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DNA_FIELDS, formLabelOf, toIsoDate, YES_NO } from '@registry/domain';
import { ChoiceGroup } from '../fields/choice-group';
import { TextInput } from '../fields/text-input';
import type { HorseFormValues } from '../form-values';
import { useRegistration } from '../registration-context';

/** Only this small part re-renders when the DNA answer changes. */
const DnaTestDetails = memo(function DnaTestDetails() {
  const { control } = useFormContext<HorseFormValues>();
  const dna = useWatch({ control, name: 'DNA' });
  if (dna !== 'Yes') return null;
  return (
    <div className="row g-3 mt-0">
      <TextInput className="col-md-6" name="DNA_CASE" label={formLabelOf('DNA_CASE')} />
      <TextInput
        className="col-md-6"
        name="DNA_TEST_DATE"
        label={formLabelOf('DNA_TEST_DATE')}
        type="date"
        max={toIsoDate(new Date())}
        required
      />
    </div>
  );
});

/** Spec §2.6 item 11. */
export const DnaSection = memo(function DnaSection() {
  const { clearErrors, trigger } = useFormContext<HorseFormValues>();
  const { submittedRef } = useRegistration();
  const dnaOptions = useMemo(
    () => ({
      onChange: (event: { target: { value: string } }) => {
        // The test date matters only for Yes: drop its message on No, ask for it on Yes after Save.
        if (event.target.value !== 'Yes') clearErrors('DNA_TEST_DATE');
        else if (submittedRef.current) void trigger('DNA_TEST_DATE');
      },
    }),
    [clearErrors, trigger, submittedRef],
  );
  return (
    <>
      <ChoiceGroup
        name="DNA"
        legend={DNA_FIELDS.DNA.question}
        options={YES_NO}
        required
        registerOptions={dnaOptions}
      />
      <DnaTestDetails />
      <ChoiceGroup
        className="mt-3"
        name="dnaTestSubmission"
        legend={DNA_FIELDS.dnaTestSubmission.question}
        options={YES_NO}
      />
    </>
  );
});
