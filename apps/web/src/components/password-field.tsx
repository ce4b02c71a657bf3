import { useState, type ComponentProps, type Ref } from 'react';
import { CButton, CFormInput, CInputGroup } from '@coreui/react';
import { LabelledField, errorProps } from './labelled-field';

export interface PasswordFieldProps extends Omit<
  ComponentProps<typeof CFormInput>,
  'label' | 'id' | 'invalid' | 'type'
> {
  id: string;
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M1.5 12S5.5 4.5 12 4.5 22.5 12 22.5 12 18.5 19.5 12 19.5 1.5 12 1.5 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.8" />}
    </svg>
  );
}

/**
 * Password input with a show/hide toggle. The toggle's name comes from hidden text rather
 * than aria-label, so label lookups for "Password" (which match aria-label substrings in
 * Playwright) find only the input.
 */
export function PasswordField({ id, label, error, className, ref, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <LabelledField id={id} label={label} error={error} className={className}>
      <CInputGroup className={error ? 'has-validation' : undefined}>
        <CFormInput
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          {...errorProps(id, error)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <CButton
          type="button"
          color="secondary"
          variant="outline"
          aria-pressed={visible}
          aria-controls={id}
          disabled={input.disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
          <span className="visually-hidden">{visible ? 'Hide password' : 'Show password'}</span>
        </CButton>
      </CInputGroup>
    </LabelledField>
  );
}
