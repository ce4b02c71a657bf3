import type { ComponentProps, Ref } from 'react';
import { CFormLabel, CFormSelect } from '@coreui/react';

/** A labelled choice whose error is announced with it, like TextField (takes `register`). */
export function SelectField({
  id,
  label,
  className,
  options,
  error,
  ref,
  ...select
}: Omit<ComponentProps<typeof CFormSelect>, 'label' | 'id' | 'invalid' | 'options'> & {
  id: string;
  label: string;
  options: readonly string[];
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormSelect
        ref={ref}
        id={id}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </CFormSelect>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
