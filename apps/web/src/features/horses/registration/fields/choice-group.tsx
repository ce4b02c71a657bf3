import { memo, type ReactNode } from 'react';
import { useFormContext, type RegisterOptions } from 'react-hook-form';
import type { HorseFormValues } from '../form-values';
import { fieldId } from '../registration-context';
import { describedBy, FieldMessages, useFieldError, type HorseFieldName } from './use-field-error';

export interface ChoiceGroupProps {
  name: HorseFieldName;
  legend: string;
  /** When the section heading already says what the choices are. */
  legendHidden?: boolean;
  options: readonly string[];
  labels?: Readonly<Record<string, string>>;
  required?: boolean;
  hint?: string;
  /** Shown between the legend and the choices. */
  children?: ReactNode;
  className?: string;
  registerOptions?: RegisterOptions<HorseFormValues, HorseFieldName>;
}

/**
 * Radio buttons in a fieldset whose legend names them; the error describes the group. A
 * group may not carry aria-required, so each radio says it is required.
 * Plain Bootstrap markup: CFormCheck declares its input as a component inside render, so every
 * re-render would replace the input (losing focus and churning react-hook-form's refs).
 */
export const ChoiceGroup = memo(function ChoiceGroup({
  name,
  legend,
  legendHidden,
  options,
  labels,
  required,
  hint,
  children,
  className,
  registerOptions,
}: ChoiceGroupProps) {
  const { register } = useFormContext<HorseFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const registered = register(name, registerOptions);
  return (
    <fieldset className={className} aria-describedby={describedBy(id, error, hint)}>
      <legend
        className={
          legendHidden
            ? 'visually-hidden'
            : `form-label fs-6 mb-1${required ? ' required-mark' : ''}`
        }
      >
        {legend}
      </legend>
      {children}
      <div>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`;
          return (
            <div key={option} className="form-check form-check-inline">
              <input
                type="radio"
                id={optionId}
                value={option}
                className={`form-check-input${error ? ' is-invalid' : ''}`}
                // The form has noValidate: `required` only tells assistive technology.
                required={required}
                aria-invalid={error ? true : undefined}
                {...registered}
              />
              <label className="form-check-label" htmlFor={optionId}>
                {labels?.[option] ?? option}
              </label>
            </div>
          );
        })}
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </fieldset>
  );
});
