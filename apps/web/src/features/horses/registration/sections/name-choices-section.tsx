import { memo, useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formLabelOf, horseNameKey } from '@registry/domain';
import { useNameAvailability } from '../../../../lib/name-availability';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { TextInput } from '../fields/text-input';
import type { HorseFormValues } from '../form-values';
import { NAME_FIELDS } from '../register-lookups';
import { useRegistration } from '../registration-context';

/** Spec §2.6 item 9 (hidden in edit mode): the registry picks the horse's name from these. */
export const NameChoicesSection = memo(function NameChoicesSection() {
  const { readOnly, lookups } = useRegistration();
  const { trigger, getValues, getFieldState } = useFormContext<HorseFormValues>();
  // A repeat is reported on the later choice, so a change to one checks again the others it may
  // now repeat or no longer repeat (not all of them on every keystroke: each check runs the
  // whole form's rules; an empty one is not told it is required before the member gets to it).
  const checkOthers = useMemo(
    () => ({
      onChange: (event: { target: { name: string; value: string } }) => {
        const key = horseNameKey(event.target.value);
        const others = NAME_FIELDS.filter((field) => {
          if (field === event.target.name) return false;
          const other = horseNameKey(String(getValues(field) ?? ''));
          return other !== '' && (other === key || getFieldState(field).invalid);
        });
        if (others.length > 0) void trigger(others);
      },
    }),
    [getValues, getFieldState, trigger],
  );
  const names = useWatch({ name: NAME_FIELDS as unknown as string[] }) as unknown[];
  // Debounced as text: a new array on every render would restart the timer for ever.
  const typed = useDebouncedValue(
    readOnly ? '[]' : JSON.stringify(names.map((n) => (typeof n === 'string' ? n.trim() : ''))),
    400,
  );
  // Approved names are unique in the register: each choice says at once when it is taken.
  const availability = useNameAvailability(JSON.parse(typed) as string[]);
  const answer = availability.data;
  useEffect(() => {
    if (!Array.isArray(answer) || !lookups) return;
    lookups.noteNames(answer);
    // The fields the answer was about show (or drop) the message without waiting for a keystroke.
    const given = NAME_FIELDS.filter((_, index) => Boolean((JSON.parse(typed) as string[])[index]));
    if (given.length > 0) void trigger(given);
  }, [answer, lookups, typed, trigger]);
  const taken = Array.isArray(answer) ? answer.filter((entry) => entry.taken) : [];
  return (
    <>
      <p className="small text-body-secondary mb-2">
        Give three different names in order of preference; the registry assigns one at approval.
        Names already registered to another horse cannot be given.
      </p>
      <div className="row g-3">
        <TextInput
          className="col-md-4"
          name="firstChoice"
          label={formLabelOf('firstChoice')}
          required
          options={checkOthers}
        />
        <TextInput
          className="col-md-4"
          name="secondChoice"
          label={formLabelOf('secondChoice')}
          required
          options={checkOthers}
        />
        <TextInput
          className="col-md-4"
          name="thirdChoice"
          label={formLabelOf('thirdChoice')}
          required
          options={checkOthers}
        />
      </div>
      {/* The messages are at the fields; this tells a screen reader when one arrives. */}
      <div className="visually-hidden" role="status" aria-live="polite">
        {taken.map((entry) => `${entry.name} is already registered.`).join(' ')}
      </div>
    </>
  );
});
