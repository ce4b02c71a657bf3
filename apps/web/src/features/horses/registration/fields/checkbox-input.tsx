import { memo } from 'react';
import { useFormContext } from 'react-hook-form';
import type { HorseFormValues } from '../form-values';
import { fieldId } from '../registration-context';
import { describedBy, FieldMessages, useFieldError, type HorseFieldName } from './use-field-error';

/** A checkbox in plain Bootstrap markup (see ChoiceGroup for why not CFormCheck). */
export const CheckboxInput = memo(function CheckboxInput({
  name,
  label,
  required,
}: {
  name: HorseFieldName;
  label: string;
  required?: boolean;
}) {
  const { register } = useFormContext<HorseFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <div>
      <div className="form-check">
        <input
          type="checkbox"
          id={id}
          className={`form-check-input${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error)}
          {...register(name)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
});
