import {
  STAFF_AREA_ROLES,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  type StaffArea,
  type StaffRole,
} from '@registry/domain';
import { ROUTES } from './routes';

/** Roles that may act in any of `areas`, and read-only (who sees every page it may read). */
const rolesActingIn = (...areas: StaffArea[]): readonly StaffRole[] =>
  STAFF_ROLES.filter(
    (role) => role === 'read-only' || areas.some((area) => STAFF_AREA_ROLES[area].includes(role)),
  );

/**
 * Which staff roles see each office page in the menu and may open it. Built from the areas the
 * server enforces (domain admin/staff.ts): a page is offered to the roles whose work it is, and
 * to read-only, who reads every office page but the administrator's own (content, staff).
 */
export const OFFICE_PAGE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  [ROUTES.adminDashboard.path]: STAFF_ROLES,
  [ROUTES.membersList.path]: rolesActingIn('members'),
  // The horse list is also where the office takes and undoes payments and starts transfers.
  [ROUTES.horseList.path]: rolesActingIn('horses', 'payments', 'transfers'),
  [ROUTES.horseApprovals.path]: rolesActingIn('approvals'),
  [ROUTES.payments.path]: rolesActingIn('payments'),
  [ROUTES.dashboardContent.path]: STAFF_AREA_ROLES.content,
  [ROUTES.staff.path]: STAFF_AREA_ROLES.staff,
};

/** Whether a staff member of `role` may open the office page at `path` (no role: none). */
export function staffMayOpen(role: StaffRole | null | undefined, path: string): boolean {
  const roles = OFFICE_PAGE_ROLES[path];
  return role != null && roles !== undefined && roles.includes(role);
}

/** "Treasurer", or a plain word for an account with no role. */
export const staffRoleLabel = (role: StaffRole | null | undefined) =>
  role ? STAFF_ROLE_LABELS[role] : 'No role';
