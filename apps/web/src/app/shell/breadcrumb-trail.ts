import { ROUTES } from '../../lib/routes';

/** Names of the pages inside the shell, by path. Pages not listed add no crumb. */
export const ROUTE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ROUTES.memberDashboard,
    ROUTES.membersList,
    ROUTES.horseList,
    ROUTES.horseApprovals,
    ROUTES.dashboardContent,
    ROUTES.payments,
    ROUTES.staff,
    ROUTES.myHorses,
    ROUTES.profile,
    ROUTES.searchHorses,
    ROUTES.registerHorse,
    ROUTES.myPayments,
  ].map((route) => [route.path, route.title]),
);

export interface Crumb {
  path: string;
  name: string;
}

/**
 * Home, then every named route along the path (spec §2.2): /admin/horse-list gives
 * Home > Horse List, since /admin itself is not a page.
 */
export function breadcrumbTrail(pathname: string, homePath: string = ROUTES.home.path): Crumb[] {
  const trail: Crumb[] = [{ path: homePath, name: ROUTES.home.title }];
  const segments = pathname.split('/').filter(Boolean);
  let current = '';
  for (const segment of segments) {
    current += `/${segment}`;
    const name = ROUTE_NAMES[current];
    // The member's home is /dashboard; do not repeat it after "Home".
    if (name && current !== homePath) trail.push({ path: current, name });
  }
  return trail;
}
