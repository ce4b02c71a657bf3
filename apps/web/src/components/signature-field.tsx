import './form-field.css';
import './signature.css';
import './contrast.css';
import { useCallback, useRef, useState, type Ref } from 'react';
import { CButton, CFormLabel } from '@coreui/react';
import { SignatureDialog } from './signature-dialog';

export interface SignatureFieldProps {
  id: string;
  name: string;
  label: string;
  /** A PNG data URL, or '' when nothing is signed yet. */
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * A button that opens the signature dialog, then a thumbnail of the signature (at most
 * 100x50, spec §9). The button carries the field's name so forms can focus it on an error.
 */
export function SignatureField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  buttonRef,
}: SignatureFieldProps) {
  const [open, setOpen] = useState(false);
  const errorId = `${id}-error`;
  const wrapperRef = useRef<HTMLDivElement>(null);
  // Opened from another dialog, the pad attaches to that dialog: it stays inside its focus
  // trap, and no ancestor with CSS containment can clip it.
  const container = useCallback(() => wrapperRef.current?.closest('.modal') ?? document.body, []);
  return (
    <div ref={wrapperRef}>
      <CFormLabel htmlFor={id} className={required ? 'required-mark d-block' : 'd-block'}>
        {label}
      </CFormLabel>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <CButton
          ref={buttonRef}
          id={id}
          name={name}
          type="button"
          color={error ? 'danger' : 'primary'}
          variant="outline"
          className={error ? 'btn-contrast' : undefined}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={() => setOpen(true)}
        >
          {value ? 'Sign again' : 'Sign'}
        </CButton>
        {value && <img src={value} alt={`${label} (signed)`} className="signature-thumb" />}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <SignatureDialog
        visible={open}
        title={label}
        onSave={onChange}
        onClose={() => setOpen(false)}
        container={container}
      />
    </div>
  );
}
