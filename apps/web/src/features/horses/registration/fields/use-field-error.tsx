import {
  get,
  useFormContext,
  useFormState,
  type FieldError,
  type FieldPath,
} from 'react-hook-form';
import type { HorseFormValues } from '../form-values';

export type HorseFieldName = FieldPath<HorseFormValues>;

/**
 * The message of one field. Subscribing by exact name means a keystroke re-renders only the
 * field typed in, never its section or the form.
 */
export function useFieldError(name: HorseFieldName): string | undefined {
  const { control } = useFormContext<HorseFormValues>();
  const { errors } = useFormState({ control, name, exact: true });
  const error = get(errors, name) as FieldError | undefined;
  return error ? (error.message ?? 'Please check this field') : undefined;
}

/** aria-describedby for a field with an optional hint and error. */
export function describedBy(
  id: string,
  error: string | undefined,
  hint?: unknown,
): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldMessages({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}
