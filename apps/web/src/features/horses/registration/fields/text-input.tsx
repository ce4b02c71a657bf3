import { memo, type HTMLInputTypeAttribute } from 'react';
import { CFormInput, CFormLabel, CFormTextarea } from '@coreui/react';
import { useFormContext, type RegisterOptions } from 'react-hook-form';
import type { HorseFormValues } from '../form-values';
import { fieldId } from '../registration-context';
import { describedBy, FieldMessages, useFieldError, type HorseFieldName } from './use-field-error';

export interface TextInputProps {
  name: HorseFieldName;
  label: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  max?: string;
  maxLength?: number;
  autoComplete?: string;
  multiline?: boolean;
  className?: string;
  options?: RegisterOptions<HorseFormValues, HorseFieldName>;
}

/** An uncontrolled input registered with the form: typing never re-renders React above it. */
export const TextInput = memo(function TextInput({
  name,
  label,
  type = 'text',
  required,
  hint,
  placeholder,
  max,
  maxLength,
  autoComplete = 'off',
  multiline,
  className,
  options,
}: TextInputProps) {
  const { register } = useFormContext<HorseFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const common = {
    id,
    placeholder,
    maxLength,
    invalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
  } as const;
  return (
    <div className={className}>
      <CFormLabel htmlFor={id} className={required ? 'required-mark' : undefined}>
        {label}
      </CFormLabel>
      {multiline ? (
        <CFormTextarea rows={2} {...common} {...register(name, options)} />
      ) : (
        <CFormInput
          type={type}
          max={max}
          autoComplete={autoComplete}
          {...common}
          {...register(name, options)}
        />
      )}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
});
