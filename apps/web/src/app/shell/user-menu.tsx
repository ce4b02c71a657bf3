import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { AVATAR_SIZE_PX } from '@registry/domain';
import { UserAvatar } from '../../components/user-avatar';
import { displayName } from '../../lib/format';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { loginPathFor } from '../../lib/routes';
import { staffRoleLabel } from '../../lib/staff-access';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { signOut } from '../../stores/thunks';
import { MenuButton } from './menu-button';

// Administrators only, fetched when one points at or focuses Change Email: no page downloads
// the dialog and the domain schemas (zod) it validates with before it is wanted.
const ChangeEmailDialog = lazyWithPreload<{ visible: boolean; onClose: () => void }>(() =>
  import('../../features/auth/change-email-dialog').then((module) => ({
    default: module.ChangeEmailDialog,
  })),
);
const preloadChangeEmail = () => void ChangeEmailDialog.preload();

/** Header account menu (spec §2.2): avatar toggle, Change Email for admins, Log Out. */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const user = useAppSelector((state) => state.session.userData);
  const [changeEmailOpen, setChangeEmailOpen] = useState(false);
  // Mounted from the first Change Email on (and kept, so it can fade out): until then no page
  // downloads the dialog and the schemas behind it (about 30 KB, issue 12).
  const [changeEmailUsed, setChangeEmailUsed] = useState(false);

  function handleLogout() {
    // Decide the destination before logout resets isAdmin.
    const destination = loginPathFor(isAdmin);
    dispatch(signOut());
    navigate(destination, { replace: true });
  }

  return (
    <>
      <MenuButton
        label="Account menu"
        toggleClassName="py-0 px-1 border-0"
        // The picture, or initials when there is none (spec §2.2: a 42 px round avatar).
        toggle={<UserAvatar user={user} size={AVATAR_SIZE_PX} />}
      >
        {/* role=none keeps the name out of the menu's item list (menus may only own items). */}
        <div role="none" className="dropdown-header text-body text-truncate">
          <div className="fw-semibold text-truncate">{displayName(user)}</div>
          {/* The sign-in address, so a changed email is visible at once. */}
          {user.email && (
            <div className="small text-body-secondary text-truncate" data-testid="menu-email">
              {user.email}
            </div>
          )}
          {/* Office accounts: the role the menu and pages follow (issue 29 §1). */}
          {isAdmin && (
            <div className="small text-body-secondary" data-testid="menu-staff-role">
              {staffRoleLabel(user.staffRole)}
            </div>
          )}
        </div>
        <hr className="dropdown-divider" />
        {isAdmin && (
          <button
            type="button"
            role="menuitem"
            className="dropdown-item"
            onPointerEnter={preloadChangeEmail}
            onFocus={preloadChangeEmail}
            onClick={() => {
              setChangeEmailUsed(true);
              setChangeEmailOpen(true);
            }}
          >
            Change Email
          </button>
        )}
        {isAdmin && <hr className="dropdown-divider" />}
        <button type="button" role="menuitem" className="dropdown-item" onClick={handleLogout}>
          Log Out
        </button>
      </MenuButton>
      {isAdmin && changeEmailUsed && (
        <Suspense fallback={null}>
          <ChangeEmailDialog visible={changeEmailOpen} onClose={() => setChangeEmailOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
