import { lazyWithPreload } from '../../lib/lazy-with-preload';

/**
 * Every page is its own chunk: the sign-in bundle stays small and later issues can grow a
 * screen without slowing the others. The guards preload what comes next (see route-guards).
 */
export const AppShell = lazyWithPreload(() => import('../shell/app-shell'));

export const AdminLoginPage = lazyWithPreload(() => import('../../features/auth/admin-login-page'));
export const MemberLoginPage = lazyWithPreload(
  () => import('../../features/auth/member-login-page'),
);
export const AdminForgotPasswordPage = lazyWithPreload(
  () => import('../../features/auth/admin-forgot-password-page'),
);
export const MemberForgotPasswordPage = lazyWithPreload(
  () => import('../../features/auth/member-forgot-password-page'),
);

export const AdminDashboardPage = lazyWithPreload(
  () => import('../../features/dashboard/admin-dashboard-page'),
);
export const MembersListPage = lazyWithPreload(
  () => import('../../features/members/members-list-page'),
);
export const HorseListPage = lazyWithPreload(
  () => import('../../features/admin-horses/admin-horse-list-page'),
);
export const HorseApprovalsPage = lazyWithPreload(
  () => import('../../features/approvals/horse-approvals-page'),
);
export const DashboardContentPage = lazyWithPreload(
  () => import('../../features/content/dashboard-content-page'),
);

export const MemberDashboardPage = lazyWithPreload(
  () => import('../../features/dashboard/member-dashboard-page'),
);
export const MyHorsesPage = lazyWithPreload(() => import('../../features/horses/my-horses-page'));
export const ProfilePage = lazyWithPreload(() => import('../../features/profile/profile-page'));
export const SearchHorsesPage = lazyWithPreload(
  () => import('../../features/search/search-horses-page'),
);
export const RegisterHorsePage = lazyWithPreload(
  () => import('../../features/horses/register-horse-page'),
);

/** Public: where the payer lands after the payment provider's own page (payments). */
export const PaymentCompletePage = lazyWithPreload(
  () => import('../../features/payments/payment-complete-page'),
);

/** Public, signed in or not: the emailed set-password link and the certificate's QR check. */
export const SetPasswordPage = lazyWithPreload(
  () => import('../../features/set-password/set-password-page'),
);
export const VerifyPage = lazyWithPreload(() => import('../../features/verify/verify-page'));

/** What a user about to sign in needs next: the shell and both dashboards (all small). */
export function preloadAfterSignIn(): void {
  void AppShell.preload();
  void AdminDashboardPage.preload();
  void MemberDashboardPage.preload();
}

const ADMIN_PAGES = [
  AdminDashboardPage,
  MembersListPage,
  HorseListPage,
  HorseApprovalsPage,
  DashboardContentPage,
];
const MEMBER_PAGES = [
  MemberDashboardPage,
  MyHorsesPage,
  ProfilePage,
  SearchHorsesPage,
  RegisterHorsePage,
];

/** Every page in the signed-in user's sidebar, so moving between them never waits. */
export function preloadRolePages(isAdmin: boolean): void {
  for (const page of isAdmin ? ADMIN_PAGES : MEMBER_PAGES) void page.preload();
}
