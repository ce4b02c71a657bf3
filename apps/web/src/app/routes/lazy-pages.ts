import { lazy } from 'react';

/**
 * Every page is its own chunk: the sign-in bundle stays small and later issues can grow a
 * screen without slowing the others.
 */
export const AppShell = lazy(() => import('../shell/app-shell'));

export const AdminLoginPage = lazy(() => import('../../features/auth/admin-login-page'));
export const MemberLoginPage = lazy(() => import('../../features/auth/member-login-page'));
export const AdminForgotPasswordPage = lazy(
  () => import('../../features/auth/admin-forgot-password-page'),
);
export const MemberForgotPasswordPage = lazy(
  () => import('../../features/auth/member-forgot-password-page'),
);

export const AdminDashboardPage = lazy(
  () => import('../../features/dashboard/admin-dashboard-page'),
);
export const MembersListPage = lazy(() => import('../../features/members/members-list-page'));
export const HorseListPage = lazy(() => import('../../features/horses/horse-list-page'));
export const HorseApprovalsPage = lazy(
  () => import('../../features/approvals/horse-approvals-page'),
);
export const DashboardContentPage = lazy(
  () => import('../../features/content/dashboard-content-page'),
);

export const MemberDashboardPage = lazy(
  () => import('../../features/dashboard/member-dashboard-page'),
);
export const MyHorsesPage = lazy(() => import('../../features/horses/my-horses-page'));
export const ProfilePage = lazy(() => import('../../features/profile/profile-page'));
export const SearchHorsesPage = lazy(() => import('../../features/search/search-horses-page'));
export const RegisterHorsePage = lazy(() => import('../../features/horses/register-horse-page'));
