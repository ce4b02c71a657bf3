import { useState } from 'react';
import { CAlert } from '@coreui/react';
import { STAFF_ROLE_LABELS, type StaffMember, type StaffRole } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { useAction } from '../../lib/use-action';
import { useToast } from '../../stores/use-toast';
import { useChangeStaffRole } from './api';
import { RoleChoice } from './role-choice';

/** Change a staff member's role; their open sessions end, so they sign in again under it. */
export function ChangeRoleDialog({
  staff,
  isSelf,
  onClose,
}: {
  staff: StaffMember | null;
  /** The signed-in administrator's own row: they are signed out after the change. */
  isSelf: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const changeRole = useChangeStaffRole();
  const action = useAction();
  const [chosen, setChosen] = useState<{ id: string; role: StaffRole } | null>(null);
  const role = staff && chosen?.id === staff.id ? chosen.role : (staff?.staffRole ?? '');

  const close = () => {
    setChosen(null);
    action.fail(null);
    onClose();
  };

  const submit = () => {
    if (!staff || !role) return;
    if (role === staff.staffRole) return close();
    void action.run(async () => {
      const result = await changeRole({ id: staff.id, staffRole: role }).unwrap();
      toast.success(result.message ?? 'Role changed');
      close();
    });
  };

  return (
    <ActionDialog
      title={staff ? `Change role of ${staff.name}` : 'Change role'}
      visible={staff !== null}
      busy={action.busy}
      error={action.error}
      onClose={close}
      onSubmit={submit}
      closeLabel="Cancel"
      actions={
        <BusyButton type="submit" color="primary" busy={action.busy} disabled={action.busy}>
          Change role
        </BusyButton>
      }
    >
      {staff?.staffRole && (
        <p className="small text-body-secondary">
          Now: {STAFF_ROLE_LABELS[staff.staffRole]}. A new role ends their open sessions at once;
          they sign in again under it.
        </p>
      )}
      <RoleChoice
        name="change-role"
        value={role}
        disabled={action.busy}
        onChange={(next) => staff && setChosen({ id: staff.id, role: next })}
      />
      {isSelf && role !== staff?.staffRole && (
        <CAlert color="warning" className="mb-0">
          This is your own account: you will be signed out and sign in again with the new role.
        </CAlert>
      )}
    </ActionDialog>
  );
}
