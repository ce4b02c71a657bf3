import { CFormLabel, CFormTextarea } from '@coreui/react';
import { REJECTION_REASON_MAX } from '@registry/domain';

/** The reason a rejection gives the owner: required, shown under the field when missing. */
export function ReasonField({
  id,
  rows,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  rows: number;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <>
      <CFormLabel htmlFor={id}>Reason (shown to the owner) *</CFormLabel>
      <CFormTextarea
        id={id}
        rows={rows}
        maxLength={REJECTION_REASON_MAX}
        value={value}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}
