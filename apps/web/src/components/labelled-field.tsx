import type { ReactNode } from 'react';
import { CFormLabel } from '@coreui/react';

/** The id of a field's error message, which its control names with aria-describedby. */
const errorIdOf = (id: string) => `${id}-error`;

/**
 * The props that mark a CoreUI control invalid and tie it to its error message, so the error is
 * announced with the control and not just coloured.
 */
export function errorProps(id: string, error: string | undefined) {
  return {
    invalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(id) : undefined,
  } as const;
}

/** A label, its control (`children`, given `errorProps`) and the control's error below. */
export function LabelledField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      {children}
      {error && (
        <div id={errorIdOf(id)} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
