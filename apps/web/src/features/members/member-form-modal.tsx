import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CAlert,
  CButton,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { memberInputSchema, STATES, type MemberInput } from '@registry/domain';
import { SelectField } from './select-field';
import { FormModal } from '../../components/form-modal';
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
  const [busy, setBusy] = useState(false);
  // The modal mounts its content on each opening, so the form starts from the member's values.
  return (
    <FormModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy}
      size="lg"
      fullscreen="sm"
      aria-labelledby={titleId}
    >
      <MemberForm
        key={member?.id ?? 'new'}
        member={member}
        titleId={titleId}
        onBusy={setBusy}
        onClose={onClose}
        onSaved={onSaved}
      />
    </FormModal>
  );
}

function MemberForm({
  member,
  titleId,
  onBusy,
  onClose,
  onSaved,
}: {
  member: Member | null;
  titleId: string;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onSaved: (member: Member) => void;
}) {
  const toast = useToast();
  const saveMember = useSaveMember();
  const [formError, setFormError] = useState<string | null>(null);
  const stored = member ? memberToForm(member) : EMPTY_MEMBER;
  // The domain's rules through the resolver (the first issue per field); a field's error goes
  // as soon as it is edited, and the whole form is checked again at the next submit.
  const { register, handleSubmit, formState, setError, clearErrors } = useForm<
    z.input<typeof memberInputSchema>,
    unknown,
    MemberInput
  >({
    resolver: zodResolver(memberInputSchema),
    defaultValues: stored,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: busy } = formState;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await saveMember({ id: member?.id ?? null, body: input }).unwrap();
      toast.success(result.message ?? (member ? 'Member updated' : 'Member created'));
      onSaved(result.data);
    } catch (caught) {
      const failure = caught as ApiError;
      const fields = Object.entries(failure.fields ?? {}).filter(([name]) => name in EMPTY_MEMBER);
      for (const [name, message] of fields) {
        setError(name as keyof MemberFormValues, { message });
      }
      if (fields.length === 0) setFormError(failure.error);
    }
  });

  const control = (name: keyof MemberFormValues) =>
    register(name, { onChange: () => clearErrors(name) });

  return (
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
                options={withStored(field.options, stored[field.name])}
                error={errors[field.name]?.message}
                disabled={busy}
                {...control(field.name)}
              />
            ) : (
              <TextField
                key={field.name}
                id={`member-${field.name}`}
                label={
                  field.name === 'email' || field.name === 'firstName' || field.name === 'lastName'
                    ? `${field.label} *`
                    : field.label
                }
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                className={field.wide ? 'col-12' : 'col-12 col-md-6'}
                error={errors[field.name]?.message}
                disabled={busy}
                {...control(field.name)}
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
  );
}
