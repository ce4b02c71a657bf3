import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CAvatar,
  CDropdown,
  CDropdownDivider,
  CDropdownHeader,
  CDropdownItem,
  CDropdownMenu,
  CDropdownToggle,
} from '@coreui/react';
import { AVATAR_SIZE_PX } from '@registry/domain';
import defaultAvatarUrl from '../../assets/default-avatar.svg';
import { ChangeEmailDialog } from '../../features/auth/change-email-dialog';
import { displayName } from '../../lib/format';
import { imageUrl } from '../../lib/image-url';
import { loginPathFor } from '../../lib/routes';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { logout } from '../../stores/session-slice';

const avatarSize = { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX };

/** Header account menu (spec §2.2): avatar toggle, Change Email for admins, Log Out. */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const user = useAppSelector((state) => state.session.userData);
  const [changeEmailOpen, setChangeEmailOpen] = useState(false);
  const picture = imageUrl(user.profilePicture);
  // Remembers a broken picture URL so we fall back once instead of flickering.
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const src = picture && picture !== failedPicture ? picture : defaultAvatarUrl;

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
          <CAvatar className="user-avatar" style={avatarSize}>
            <img
              src={src}
              alt=""
              className="avatar-img"
              {...avatarSize}
              onError={() => setFailedPicture(picture)}
            />
          </CAvatar>
        </CDropdownToggle>
        <CDropdownMenu as="div">
          {/* role=none keeps the name out of the menu's item list (menus may only own items). */}
          <CDropdownHeader as="div" role="none" className="fw-semibold text-body text-truncate">
            {displayName(user)}
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
        <ChangeEmailDialog visible={changeEmailOpen} onClose={() => setChangeEmailOpen(false)} />
      )}
    </>
  );
}
