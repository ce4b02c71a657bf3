import { memo } from 'react';
import { NavLink, Link } from 'react-router';
import {
  CCloseButton,
  CNavItem,
  CSidebar,
  CSidebarBrand,
  CSidebarFooter,
  CSidebarHeader,
  CSidebarNav,
  CSidebarToggler,
} from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { BrandMark } from '../../components/brand-mark';
import logoUrl from '../../assets/logo.svg';
import { SIDEBAR_LOGO_HEIGHT_PX } from '@registry/domain';
import { ROUTES, homePathFor } from '../../lib/routes';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { setSidebarShow, setSidebarUnfoldable } from '../../stores/ui-slice';
import { useStaffRole } from '../../stores/use-staff-role';
import { MEMBER_NAV, adminNavFor } from './nav-config';
import { WaitingWorkBadge } from './waiting-work-badge';

export const SIDEBAR_ID = 'app-sidebar';
/** CoreUI's `lg` breakpoint, from which the sidebar sits beside the page instead of over it. */
const WIDE_SCREEN_QUERY = '(min-width: 992px)';

/**
 * Memoised: CoreUI's CSidebar measures itself (getComputedStyle, getBoundingClientRect) after
 * every render of its own, which forced a layout of the whole page inside the commit that first
 * drew it; the sidebar now renders only when what it shows changes, not with every page.
 */
export const AppSidebar = memo(function AppSidebar() {
  const dispatch = useAppDispatch();
  const sidebarShow = useAppSelector((state) => state.ui.sidebarShow);
  const unfoldable = useAppSelector((state) => state.ui.sidebarUnfoldable);
  const associationName = useAppSelector((state) => state.ui.associationName);
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const staffRole = useStaffRole();
  const items = isAdmin ? adminNavFor(staffRole) : MEMBER_NAV;

  return (
    <CSidebar
      as="nav"
      id={SIDEBAR_ID}
      aria-label="Main navigation"
      data-testid="app-sidebar"
      className="border-end"
      colorScheme="dark"
      position="fixed"
      unfoldable={unfoldable}
      visible={sidebarShow}
      // CoreUI reports what is really on screen (phones start hidden, a click outside hides);
      // keeping the store in step makes the header toggle flip the state the user sees. On wide
      // screens only the toggle hides it: CoreUI's visibility observer can report "hidden" for
      // a moment while a busy page lays out, which would otherwise fold the menu away.
      onVisibleChange={(visible) => {
        if (visible || !window.matchMedia?.(WIDE_SCREEN_QUERY).matches) {
          dispatch(setSidebarShow(visible));
        }
      }}
      // Off-screen links must not take keyboard focus.
      inert={!sidebarShow}
    >
      <CSidebarHeader className="border-bottom">
        <CSidebarBrand as={Link} to={homePathFor(isAdmin)} className="text-decoration-none">
          <BrandMark name={associationName} className="sidebar-brand-full text-white" />
          <img
            src={logoUrl}
            alt={associationName}
            height={SIDEBAR_LOGO_HEIGHT_PX}
            width={SIDEBAR_LOGO_HEIGHT_PX}
            className="sidebar-brand-narrow"
          />
        </CSidebarBrand>
        <CCloseButton
          className="d-lg-none"
          dark
          aria-label="Close sidebar"
          onClick={() => dispatch(setSidebarShow(false))}
        />
      </CSidebarHeader>
      <CSidebarNav>
        {items.map((item) => (
          <CNavItem key={item.path} className="position-relative">
            <NavLink to={item.path} end className="nav-link">
              <CIcon icon={item.icon} customClassName="nav-icon" aria-hidden="true" />
              {item.label}
            </NavLink>
            {/* Beside the link, not in it: the link keeps its name whatever the count. */}
            {item.path === ROUTES.horseApprovals.path && <WaitingWorkBadge />}
          </CNavItem>
        ))}
      </CSidebarNav>
      <CSidebarFooter className="border-top d-none d-lg-flex">
        <CSidebarToggler
          aria-label="Fold sidebar"
          aria-pressed={unfoldable}
          onClick={() => dispatch(setSidebarUnfoldable(!unfoldable))}
        />
      </CSidebarFooter>
    </CSidebar>
  );
});
