import { useState } from 'react';
import { CAlert, CButton } from '@coreui/react';
import type { StaffMember } from '@registry/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import type { ApiError } from '../../lib/api-client';
import { ROUTES } from '../../lib/routes';
import { useAction } from '../../lib/use-action';
import { useAppSelector } from '../../stores/hooks';
import { useToast } from '../../stores/use-toast';
import { useRemoveStaff, useResendInvitation, useSetStaffActive, useStaffList } from './api';
import { ChangeRoleDialog } from './change-role-dialog';
import { InviteStaffDialog } from './invite-staff-dialog';
import { Staff, type StaffAction } from './staff-table';

type Pending = { kind: 'deactivate' | 'remove'; staff: StaffMember } | null;

/**
 * The office's accounts (issue 29 §1), for administrators: who works in the office, in which
 * role, whether they can sign in, and when they last did. Invite, change a role, deactivate,
 * reactivate or remove; the server keeps at least one active administrator (409 otherwise).
 */
export default function StaffPage() {
  const toast = useToast();
  const selfId = useAppSelector((state) => state.session.userData.id);
  const query = useStaffList();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const setActive = useSetStaffActive();
  const remove = useRemoveStaff();
  const resend = useResendInvitation();
  const confirmation = useAction();
  const items = query.data?.items ?? [];

  const reactivate = (staff: StaffMember) =>
    setActive({ id: staff.id, active: true })
      .unwrap()
      .then(
        (result) => toast.success(result.message ?? 'Reactivated'),
        (caught: ApiError) => toast.danger(caught.error),
      );

  const onAction = (action: StaffAction, staff: StaffMember) => {
    confirmation.fail(null);
    if (action === 'role') setChanging(staff);
    else if (action === 'remove') setPending({ kind: 'remove', staff });
    else if (action === 'toggle') {
      // Deactivating ends their sessions at once, so it asks first; reactivating does not.
      if (staff.active) setPending({ kind: 'deactivate', staff });
      else void reactivate(staff);
    } else {
      resend(staff.id)
        .unwrap()
        .then(
          (result) => toast.success(`${result.message ?? 'Invitation sent'} to ${staff.email}`),
          (caught: ApiError) => toast.danger(caught.error),
        );
    }
  };

  const confirm = () => {
    if (!pending) return;
    const { kind, staff } = pending;
    void confirmation.run(async () => {
      const result =
        kind === 'remove'
          ? await remove(staff.id).unwrap()
          : await setActive({ id: staff.id, active: false }).unwrap();
      toast.success(result.message ?? (kind === 'remove' ? 'Removed' : 'Deactivated'));
      setPending(null);
    });
  };

  const name = pending?.staff.name ?? '';
  const isSelf = pending?.staff.id === selfId;

  return (
    <>
      <PageHeader
        title={ROUTES.staff.title}
        lead="The office's accounts and what each role may do."
        actions={
          <CButton color="primary" className="text-nowrap" onClick={() => setInviting(true)}>
            Invite staff
          </CButton>
        }
      />

      <ListStates
        query={query}
        count={items.length}
        errorLead="The staff could not be loaded"
        loadingLabel="Loading staff…"
        empty={
          <EmptyState title="No staff yet">
            Invite the people who work in the office with Invite staff.
          </EmptyState>
        }
      >
        <Staff staff={items} busy={query.loading} selfId={selfId} onAction={onAction} />
      </ListStates>

      <InviteStaffDialog visible={inviting} onClose={() => setInviting(false)} />
      <ChangeRoleDialog
        staff={changing}
        isSelf={changing?.id === selfId}
        onClose={() => setChanging(null)}
      />
      <ConfirmDialog
        visible={pending !== null}
        title={pending?.kind === 'remove' ? 'Remove staff member' : 'Deactivate staff member'}
        confirmLabel={pending?.kind === 'remove' ? 'Remove' : 'Deactivate'}
        busy={confirmation.busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'remove' ? (
          <p className="mb-0">
            Remove <strong>{name}</strong> from the office? They are signed out at once and can no
            longer sign in; the history keeps their name. Inviting their address again opens the
            account anew.
          </p>
        ) : (
          <p className="mb-0">
            Deactivate <strong>{name}</strong>? They are signed out at once and cannot sign in until
            reactivated.
          </p>
        )}
        {isSelf && (
          <CAlert color="warning" className="mt-3 mb-0">
            This is your own account: you will be signed out.
          </CAlert>
        )}
        {confirmation.error && (
          <CAlert color="danger" className="mt-3 mb-0" role="alert">
            {confirmation.error}
          </CAlert>
        )}
      </ConfirmDialog>
    </>
  );
}
