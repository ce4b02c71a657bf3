import type { ComponentProps, Ref } from 'react';
import { CFormInput, CFormLabel } from '@coreui/react';

export interface TextFieldProps extends Omit<
  ComponentProps<typeof CFormInput>,
  'label' | 'id' | 'invalid'
> {
  id: string;
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced with it (aria-describedby), not just coloured. */
export function TextField({ id, label, error, className, ref, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CFormInput
        ref={ref}
        id={id}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
