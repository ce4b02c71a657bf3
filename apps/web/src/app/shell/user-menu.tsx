import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CDropdown,
  CDropdownDivider,
  CDropdownHeader,
  CDropdownItem,
  CDropdownMenu,
  CDropdownToggle,
} from '@coreui/react';
import { AVATAR_SIZE_PX } from '@registry/domain';
import { UserAvatar } from '../../components/user-avatar';
import { displayName } from '../../lib/format';
import { loginPathFor } from '../../lib/routes';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { logout } from '../../stores/session-slice';

// Administrators only: loaded with their shell, so members' pages never fetch the dialog and
// the domain schemas (zod) it validates with.
const ChangeEmailDialog = lazy(() =>
  import('../../features/auth/change-email-dialog').then((module) => ({
    default: module.ChangeEmailDialog,
  })),
);

/** Header account menu (spec §2.2): avatar toggle, Change Email for admins, Log Out. */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const user = useAppSelector((state) => state.session.userData);
  const [changeEmailOpen, setChangeEmailOpen] = useState(false);

  function handleLogout() {
    // Decide the destination before logout resets isAdmin.
    const destination = loginPathFor(isAdmin);
    dispatch(logout());
    navigate(destination, { replace: true });
  }

  return (
    <>
      <CDropdown variant="dropdown" alignment="end">
        <CDropdownToggle caret={false} className="py-0 px-1 border-0" aria-label="Account menu">
          {/* The picture, or initials when there is none (spec §2.2: a 42 px round avatar). */}
          <UserAvatar user={user} size={AVATAR_SIZE_PX} />
        </CDropdownToggle>
        <CDropdownMenu as="div">
          {/* role=none keeps the name out of the menu's item list (menus may only own items). */}
          <CDropdownHeader as="div" role="none" className="text-body text-truncate">
            <div className="fw-semibold text-truncate">{displayName(user)}</div>
            {/* The sign-in address, so a changed email is visible at once. */}
            {user.email && (
              <div className="small text-body-secondary text-truncate" data-testid="menu-email">
                {user.email}
              </div>
            )}
          </CDropdownHeader>
          <CDropdownDivider />
          {isAdmin && (
            <CDropdownItem
              as="button"
              type="button"
              role="menuitem"
              onClick={() => setChangeEmailOpen(true)}
            >
              Change Email
            </CDropdownItem>
          )}
          {isAdmin && <CDropdownDivider />}
          <CDropdownItem as="button" type="button" role="menuitem" onClick={handleLogout}>
            Log Out
          </CDropdownItem>
        </CDropdownMenu>
      </CDropdown>
      {isAdmin && (
        <Suspense fallback={null}>
          <ChangeEmailDialog visible={changeEmailOpen} onClose={() => setChangeEmailOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
