import { useState, type ChangeEvent } from 'react';
import { loginSchema, type LoginInput } from '@registry/domain';

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

const FIELDS: readonly LoginField[] = ['email', 'password'];

/** Runs the domain's loginSchema and keeps the first message of each field. */
export function validateLogin(values: LoginInput): { data?: LoginInput; errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { errors };
}

/** Picks the sign-in fields out of a server `fields` map (400 answers). */
export function loginFieldErrors(fields: Record<string, string> | undefined): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of FIELDS) {
    const message = fields?.[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * Field state of the sign-in form. Messages appear on the first submit and then follow every
 * change, so people are not scolded while still typing their address for the first time.
 */
export function useLoginForm() {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const onChange = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next).errors);
  };

  /** Marks the form submitted and returns the parsed input, or undefined with errors shown. */
  const submit = (): { data?: LoginInput; errors: LoginErrors } => {
    setSubmitted(true);
    const result = validateLogin(values);
    setErrors(result.errors);
    return result;
  };

  return { values, errors, setErrors, onChange, submit };
}
