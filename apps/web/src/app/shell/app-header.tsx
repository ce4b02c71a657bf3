import { NavLink } from 'react-router';
import { CContainer, CHeader, CHeaderToggler } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { cilMenu } from '@coreui/icons';
import { homePathFor } from '../../lib/routes';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { toggleSidebar } from '../../stores/ui-slice';
import { AppBreadcrumb } from './app-breadcrumb';
import { SIDEBAR_ID } from './app-sidebar';
import { UserMenu } from './user-menu';

export function AppHeader() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const sidebarShow = useAppSelector((state) => state.ui.sidebarShow);

  return (
    <CHeader position="sticky" className="mb-4 p-0" role="banner">
      <CContainer fluid className="app-header-top border-bottom px-3 px-lg-4">
        <CHeaderToggler
          className="app-header-toggler"
          aria-label="Toggle sidebar"
          aria-controls={SIDEBAR_ID}
          aria-expanded={sidebarShow}
          onClick={() => dispatch(toggleSidebar())}
        >
          <CIcon icon={cilMenu} size="lg" aria-hidden="true" />
        </CHeaderToggler>
        <div className="header-nav me-auto">
          <NavLink to={homePathFor(isAdmin)} end className="nav-link px-2">
            Dashboard
          </NavLink>
        </div>
        <div className="header-nav">
          <UserMenu />
        </div>
      </CContainer>
      <CContainer fluid className="px-3 px-lg-4 app-breadcrumb-bar">
        <AppBreadcrumb />
      </CContainer>
    </CHeader>
  );
}
