import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useNameAvailability } from '../../../../lib/name-availability';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { TextInput } from '../fields/text-input';
import { useRegistration } from '../registration-context';

const NAME_FIELDS = ['firstChoice', 'secondChoice', 'thirdChoice'] as const;

/** Spec §2.6 item 9 (hidden in edit mode): the registry picks the horse's name from these. */
export const NameChoicesSection = memo(function NameChoicesSection() {
  const { readOnly } = useRegistration();
  const names = useWatch({ name: NAME_FIELDS as unknown as string[] }) as unknown[];
  // Debounced as text: a new array on every render would restart the timer for ever.
  const typed = useDebouncedValue(
    readOnly ? '[]' : JSON.stringify(names.map((n) => (typeof n === 'string' ? n.trim() : ''))),
    400,
  );
  // Approved names are unique in the register: say at once which choices are taken.
  const availability = useNameAvailability(JSON.parse(typed) as string[]);
  const taken = Array.isArray(availability.data)
    ? availability.data.filter((entry) => entry.taken).map((entry) => entry.name)
    : [];
  return (
    <>
      <p className="small text-body-secondary mb-2">
        Give three names in order of preference; the registry assigns one at approval. Names already
        registered to another horse cannot be given.
      </p>
      <div className="row g-3">
        <TextInput className="col-md-4" name="firstChoice" label="First Choice" required />
        <TextInput className="col-md-4" name="secondChoice" label="Second Choice" required />
        <TextInput className="col-md-4" name="thirdChoice" label="Third Choice" required />
      </div>
      <div role="status" aria-live="polite">
        {taken.length > 0 && (
          <p className="text-warning-emphasis small mt-2 mb-0">
            Already registered: {taken.map((name) => `“${name}”`).join(', ')}. Choose{' '}
            {taken.length > 1 ? 'other names' : 'another name'}; the registry can only approve a
            free one.
          </p>
        )}
      </div>
    </>
  );
});
