import { memo } from 'react';
import { CFormLabel, CFormSelect } from '@coreui/react';
import { useFormContext } from 'react-hook-form';
import type { HorseFormValues } from '../form-values';
import { fieldId } from '../registration-context';
import { describedBy, FieldMessages, useFieldError, type HorseFieldName } from './use-field-error';

export interface SelectInputProps {
  name: HorseFieldName;
  label: string;
  options: readonly string[];
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}

export const SelectInput = memo(function SelectInput({
  name,
  label,
  options,
  required,
  placeholder = 'Select…',
  autoComplete,
  className,
}: SelectInputProps) {
  const { register } = useFormContext<HorseFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <div className={className}>
      <CFormLabel htmlFor={id} className={required ? 'required-mark' : undefined}>
        {label}
      </CFormLabel>
      <CFormSelect
        id={id}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error)}
        {...register(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </CFormSelect>
      <FieldMessages id={id} error={error} />
    </div>
  );
});
