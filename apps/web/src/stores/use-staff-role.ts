import { staffMay, type StaffArea, type StaffRole } from '@registry/domain';
import { useAppSelector } from './hooks';

/**
 * The signed-in office account's role, from the session answer (sign-in, GET auth/me); null for
 * members and for a stored session from before roles (auth/me refreshes it once the page shows).
 */
export function useStaffRole(): StaffRole | null {
  return useAppSelector((state) =>
    state.session.isAdmin ? (state.session.userData.staffRole ?? null) : null,
  );
}

/**
 * Whether the signed-in staff member may act in `area`: buttons for actions the role may not
 * take are hidden with this. The server refuses them anyway (403); this only keeps the page
 * from offering what will fail.
 */
export function useStaffMay(area: StaffArea): boolean {
  return staffMay(useStaffRole(), area);
}
