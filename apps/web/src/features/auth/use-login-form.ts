import { useState, type ChangeEvent } from 'react';
import type { LoginInput } from '@registry/domain';
import { checkEmail, checkLoginPassword } from './sign-in-checks';

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

const FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The domain's loginSchema rules with the first message of each field (see sign-in-checks for
 * why not the schema itself); the data, like the schema's, carries the trimmed email.
 */
export function validateLogin(values: LoginInput): { data?: LoginInput; errors: LoginErrors } {
  const errors: LoginErrors = {};
  const email = checkEmail(values.email);
  const password = checkLoginPassword(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (email || password) return { errors };
  return { data: { email: values.email.trim(), password: values.password }, errors };
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
