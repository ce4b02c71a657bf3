/**
 * Every path of spec §2.1 with the name the UI shows for it (page title, breadcrumb).
 * Features link with these instead of string literals, so a renamed path breaks the build,
 * not a link.
 */
export const ROUTES = {
  home: { path: '/', title: 'Home' },
  // Public, signed-out only.
  adminLogin: { path: '/admin/login', title: 'Administrator sign in' },
  adminForgotPassword: { path: '/admin/forget-password', title: 'Forgot password' },
  memberLogin: { path: '/login', title: 'Member sign in' },
  memberForgotPassword: { path: '/owner/forget-password', title: 'Forgot password' },
  /** Where the spec's owner reset flow sends people (§2.4); it only redirects to /login. */
  legacyOwnerLogin: { path: '/owner/login', title: 'Member sign in' },
  // Administrator pages. The admin dashboard is served at "/".
  adminDashboard: { path: '/', title: 'Dashboard' },
  membersList: { path: '/admin/members-list', title: 'Members List' },
  horseList: { path: '/admin/horse-list', title: 'Horse List' },
  horseApprovals: { path: '/admin/horse-reject-approve', title: 'Horse Approve/Reject' },
  dashboardContent: { path: '/admin/add-content', title: 'Dashboard Content' },
  payments: { path: '/admin/payments', title: 'Payments' },
  staff: { path: '/admin/staff', title: 'Staff' },
  // Member (owner) pages.
  memberDashboard: { path: '/dashboard', title: 'Dashboard' },
  myHorses: { path: '/horse-list', title: 'My Horses' },
  profile: { path: '/profile', title: 'My Profile' },
  searchHorses: { path: '/search-all-horses', title: 'Search Horses' },
  registerHorse: { path: '/register-horse', title: 'Horse Registration' },
  myPayments: { path: '/my-payments', title: 'My Payments' },
} as const;

export type RouteKey = keyof typeof ROUTES;

/** Home of each role: the admin dashboard lives at "/", the member one at /dashboard. */
export function homePathFor(isAdmin: boolean): string {
  return isAdmin ? ROUTES.adminDashboard.path : ROUTES.memberDashboard.path;
}

export function loginPathFor(isAdmin: boolean): string {
  return isAdmin ? ROUTES.adminLogin.path : ROUTES.memberLogin.path;
}
