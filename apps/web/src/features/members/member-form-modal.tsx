import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { memberInputSchema, STATES, type MemberInput } from '@registry/domain';
import { SelectField } from './select-field';
import { TextField } from '../../components/text-field';
import type { ApiError } from '../../lib/api-client';
import type { Member } from '../../lib/admin-types';
import { useToast } from '../../stores/use-toast';
import { EMPTY_MEMBER, memberToForm, useSaveMember, type MemberFormValues } from './api';

const FIELDS: ReadonlyArray<{
  name: keyof MemberFormValues;
  label: string;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
  /** A choice from this list (the registration form's states), not free text. */
  options?: readonly string[];
}> = [
  { name: 'firstName', label: 'First name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last name', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'memberNumber', label: 'Member number', autoComplete: 'off' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  { name: 'address', label: 'Address', autoComplete: 'off', wide: true },
  { name: 'city', label: 'City', autoComplete: 'off' },
  { name: 'state', label: 'State', autoComplete: 'off', options: STATES },
  { name: 'zip', label: 'Zip', autoComplete: 'off' },
];

type FieldErrors = Partial<Record<keyof MemberFormValues, string>>;

/** Every issue of the domain schema, by field (the first one per field). */
function validate(values: MemberFormValues): { input?: MemberInput; errors: FieldErrors } {
  const result = memberInputSchema.safeParse(values);
  if (result.success) return { input: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof MemberFormValues;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** A stored value outside the list (older data, an import) stays selectable, not dropped. */
function withStored(options: readonly string[], stored: string): readonly string[] {
  return stored && !options.includes(stored) ? [stored, ...options] : options;
}

/** Create (member null) or edit a member: every profile field, server uniqueness errors inline. */
export function MemberFormModal({
  visible,
  member,
  onClose,
  onSaved,
}: {
  visible: boolean;
  member: Member | null;
  onClose: () => void;
  onSaved: (member: Member) => void;
}) {
  const titleId = useId();
  const toast = useToast();
  const saveMember = useSaveMember();
  const [values, setValues] = useState<MemberFormValues>(EMPTY_MEMBER);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setValues(member ? memberToForm(member) : EMPTY_MEMBER);
    setErrors({});
    setFormError(null);
  }, [visible, member]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = validate(values);
    setErrors(found);
    setFormError(null);
    if (!input) return;
    setBusy(true);
    try {
      const result = await saveMember({ id: member?.id ?? null, body: input }).unwrap();
      toast.success(result.message ?? (member ? 'Member updated' : 'Member created'));
      onSaved(result.data);
    } catch (caught) {
      const failure = caught as ApiError;
      const fields = (failure.fields ?? {}) as FieldErrors;
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(failure.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy}
      size="lg"
      fullscreen="sm"
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CModalHeader closeButton={!busy}>
          <CModalTitle as="h2" className="h5" id={titleId}>
            {member ? `Edit member ${member.name || member.email}` : 'New member'}
          </CModalTitle>
        </CModalHeader>
        <CModalBody>
          {formError && (
            <CAlert color="danger" role="alert">
              {formError}
            </CAlert>
          )}
          <div className="row g-3">
            {FIELDS.map((field) =>
              field.options ? (
                <SelectField
                  key={field.name}
                  id={`member-${field.name}`}
                  label={field.label}
                  className="col-12 col-md-6"
                  options={withStored(field.options, values[field.name])}
                  value={values[field.name]}
                  error={errors[field.name]}
                  disabled={busy}
                  onChange={(event) => {
                    const value = event.target.value;
                    setValues((previous) => ({ ...previous, [field.name]: value }));
                    setErrors((previous) => ({ ...previous, [field.name]: undefined }));
                  }}
                />
              ) : (
                <TextField
                  key={field.name}
                  id={`member-${field.name}`}
                  label={
                    field.name === 'email' ||
                    field.name === 'firstName' ||
                    field.name === 'lastName'
                      ? `${field.label} *`
                      : field.label
                  }
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  className={field.wide ? 'col-12' : 'col-12 col-md-6'}
                  value={values[field.name]}
                  error={errors[field.name]}
                  disabled={busy}
                  onChange={(event) => {
                    const value = event.target.value;
                    setValues((previous) => ({ ...previous, [field.name]: value }));
                    setErrors((previous) => ({ ...previous, [field.name]: undefined }));
                  }}
                />
              ),
            )}
          </div>
          <p className="small text-body-secondary mt-3 mb-0">
            * required. New members get no password: use Send credentials to email them a link to
            choose one.
          </p>
        </CModalBody>
        <CModalFooter>
          <CButton color="secondary" variant="outline" disabled={busy} onClick={onClose}>
            Close
          </CButton>
          <CButton type="submit" color="primary" disabled={busy}>
            {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
            {member ? 'Save changes' : 'Create member'}
          </CButton>
        </CModalFooter>
      </form>
    </CModal>
  );
}
