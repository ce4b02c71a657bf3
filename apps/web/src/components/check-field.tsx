import type { InputHTMLAttributes, ReactNode } from 'react';

type CheckFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  id: string;
  label: ReactNode;
  type?: 'checkbox' | 'radio';
  /** Classes of the wrapper (spacing), as CoreUI's CFormCheck takes them. */
  className?: string;
};

/**
 * A checkbox or radio button in Bootstrap's markup. Not CoreUI's CFormCheck: it declares its
 * input as a component inside its own render, so every render of the check replaced the input,
 * taking the keyboard focus with it and losing a click aimed at the old one. The registration
 * form's fields avoid it for the same reason (features/horses/registration/fields).
 */
export function CheckField({ id, label, type = 'checkbox', className, ...input }: CheckFieldProps) {
  return (
    <div className={className ? `form-check ${className}` : 'form-check'}>
      <input {...input} id={id} type={type} className="form-check-input" />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
