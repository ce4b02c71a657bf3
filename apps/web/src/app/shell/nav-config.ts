import type { StaffRole } from '@registry/domain';
import {
  cilDollar,
  cilGroup,
  cilList,
  cilNewspaper,
  cilNotes,
  cilPeople,
  cilSearch,
  cilSpeedometer,
  cilTask,
  cilUser,
} from '@coreui/icons';
import { ROUTES } from '../../lib/routes';
import { staffMayOpen } from '../../lib/staff-access';

export interface NavItem {
  label: string;
  path: string;
  icon: string[];
}

/** Sidebar of spec §2.2, in the spec's order and with its labels. */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', path: ROUTES.adminDashboard.path, icon: cilSpeedometer },
  { label: 'Members List', path: ROUTES.membersList.path, icon: cilPeople },
  { label: 'Horse List', path: ROUTES.horseList.path, icon: cilList },
  { label: 'Horse Reject/Approve', path: ROUTES.horseApprovals.path, icon: cilTask },
  { label: 'Dashboard Content', path: ROUTES.dashboardContent.path, icon: cilNewspaper },
  // Beyond the spec's list: the office's payments ledger (issue 29 §2).
  { label: 'Payments', path: ROUTES.payments.path, icon: cilDollar },
  // The office's accounts and roles, for administrators (issue 29 §1).
  { label: 'Staff', path: ROUTES.staff.path, icon: cilGroup },
];

/** The office menu of a staff role: only the pages that role may use (lib/staff-access.ts). */
export function adminNavFor(role: StaffRole | null): readonly NavItem[] {
  return ADMIN_NAV.filter((item) => staffMayOpen(role, item.path));
}

export const MEMBER_NAV: readonly NavItem[] = [
  { label: 'Dashboard', path: ROUTES.memberDashboard.path, icon: cilSpeedometer },
  { label: 'My Horses', path: ROUTES.myHorses.path, icon: cilList },
  { label: 'My Profile', path: ROUTES.profile.path, icon: cilUser },
  { label: 'Search Horses', path: ROUTES.searchHorses.path, icon: cilSearch },
  { label: 'Horse Registration', path: ROUTES.registerHorse.path, icon: cilNotes },
  { label: 'My Payments', path: ROUTES.myPayments.path, icon: cilDollar },
];
