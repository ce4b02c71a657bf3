import type { ChangeEvent } from 'react';
import { CFormLabel, CFormSelect } from '@coreui/react';

/** A labelled choice whose error is announced with it, like TextField. */
export function SelectField({
  id,
  label,
  className,
  options,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  className?: string;
  options: readonly string[];
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormSelect
        id={id}
        value={value}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onChange={onChange}
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
