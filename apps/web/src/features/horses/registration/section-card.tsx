import { memo, type FormEvent, type ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { HorseFormValues } from './form-values';
import { countErrors } from './form-errors';
import type { HorseFieldName } from './fields/use-field-error';
import { useRegistration } from './registration-context';

/**
 * How many errors the given fields hold, as a badge. It subscribes to those fields only, so
 * it re-renders when they change and leaves the section's inputs alone.
 */
export const ErrorCountBadge = memo(function ErrorCountBadge({
  fields,
  className = '',
}: {
  fields: readonly HorseFieldName[];
  className?: string;
}) {
  const { control } = useFormContext<HorseFormValues>();
  const { errors } = useFormState({ control, name: fields as HorseFieldName[] });
  const count = fields.reduce((sum, field) => sum + countErrors(get(errors, field)), 0);
  if (count === 0) return null;
  return (
    <span
      className={`badge rounded-pill bg-danger-subtle text-danger-emphasis border border-danger-subtle ${className}`}
    >
      {count} {count === 1 ? 'error' : 'errors'}
    </span>
  );
});

function preventSubmit(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
}

export interface SectionCardProps {
  id: string;
  title: string;
  fields: readonly HorseFieldName[];
  /** False when the section disables its own parts (the pedigree keeps its tabs usable). */
  fieldset?: boolean;
  className?: string;
  children: ReactNode;
}

/** One numbered part of the form: heading, error count, and its fields. */
export const SectionCard = memo(function SectionCard({
  id,
  title,
  fields,
  fieldset = true,
  className = '',
  children,
}: SectionCardProps) {
  const { readOnly } = useRegistration();
  const titleId = `section-${id}-title`;
  return (
    <section
      id={`section-${id}`}
      className={`horse-section ${className}`}
      aria-labelledby={titleId}
    >
      <div className="horse-section-header">
        <h3 id={titleId} className="h6 mb-0">
          {title}
        </h3>
        {fields.length > 0 && <ErrorCountBadge fields={fields} />}
      </div>
      {/*
        A form per section: Chrome's autofill re-reads every control of a field's form on each
        keystroke, which over the whole registration (about 200 controls) costs several ms.
      */}
      <form noValidate onSubmit={preventSubmit} className="horse-section-form">
        {fieldset ? (
          <fieldset disabled={readOnly} className="horse-section-body">
            {children}
          </fieldset>
        ) : (
          <div className="horse-section-body">{children}</div>
        )}
      </form>
    </section>
  );
});
