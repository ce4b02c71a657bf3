import { useState } from 'react';
import { staffInviteSchema, type StaffRole } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { TextField } from '../../components/text-field';
import { useAction } from '../../lib/use-action';
import { useToast } from '../../stores/use-toast';
import { useInviteStaff } from './api';
import { RoleChoice } from './role-choice';

type Values = { email: string; firstName: string; lastName: string; staffRole: StaffRole | '' };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { email: '', firstName: '', lastName: '', staffRole: '' };

/**
 * Invite staff: the person's address, name and role. The server opens the office account and
 * mails a set-password link; the person then signs in at the office sign-in page.
 */
export function InviteStaffDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const toast = useToast();
  const invite = useInviteStaff();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // Field errors the server gives (a taken address) show under their field, not again below.
  const action = useAction((failure) => {
    if (failure.fields) setErrors(failure.fields as Errors);
    return failure.fields && Object.keys(failure.fields).length > 0 ? null : failure.error;
  });

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    action.fail(null);
    onClose();
  };

  const submit = () => {
    // The same rules the server holds (domain's staffInviteSchema), checked before sending.
    const parsed = staffInviteSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    void action.run(async () => {
      const result = await invite(parsed.data).unwrap();
      toast.success(
        `${result.message ?? 'The invitation has been emailed'} to ${result.data.email}`,
      );
      close();
    });
  };

  const field = (name: 'email' | 'firstName' | 'lastName') => ({
    value: values[name],
    error: errors[name],
    disabled: action.busy,
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  return (
    <ActionDialog
      title="Invite staff"
      visible={visible}
      busy={action.busy}
      error={action.error}
      onClose={close}
      onSubmit={submit}
      closeLabel="Cancel"
      actions={
        <BusyButton type="submit" color="primary" busy={action.busy} disabled={action.busy}>
          Send invitation
        </BusyButton>
      }
    >
      <p className="text-body-secondary small">
        They get an email with a link to choose a password, then sign in at the office sign-in page.
        The link works once and expires after a few days.
      </p>
      <TextField
        id="invite-email"
        label="Email"
        type="email"
        autoComplete="off"
        className="mb-3"
        {...field('email')}
      />
      <div className="row g-3 mb-3">
        <TextField
          id="invite-first-name"
          label="First name"
          className="col-12 col-sm-6"
          {...field('firstName')}
        />
        <TextField
          id="invite-last-name"
          label="Last name"
          className="col-12 col-sm-6"
          {...field('lastName')}
        />
      </div>
      <RoleChoice
        name="invite-role"
        value={values.staffRole}
        disabled={action.busy}
        error={errors.staffRole}
        onChange={(staffRole) => {
          setValues((v) => ({ ...v, staffRole }));
          setErrors((e) => ({ ...e, staffRole: undefined }));
        }}
      />
    </ActionDialog>
  );
}
