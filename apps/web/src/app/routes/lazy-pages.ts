import { lazyWithPreload, type PreloadableComponent } from '../../lib/lazy-with-preload';
import { nextTask, zodFirst } from '../../lib/after-next-paint';
import { ROUTES } from '../../lib/routes';

/**
 * Every page is its own chunk: the sign-in bundle stays small and later issues can grow a
 * screen without slowing the others. The guards preload what comes next (see route-guards).
 * The two sign-in pages are the exception: they are what a new visitor sees first, so they
 * come with the entry and paint in its first render, without a spinner and a second round
 * trip on a slow phone connection (docs/decisions/0061-sign-in-pages-stay-light.md).
 */
export const AppShell = lazyWithPreload(() => import('../shell/app-shell'));

export { default as AdminLoginPage } from '../../features/auth/admin-login-page';
export { default as MemberLoginPage } from '../../features/auth/member-login-page';
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
/** Its decisions (with zod) are in dialogs fetched on intent: the queue itself loads no zod. */
export const HorseApprovalsPage = lazyWithPreload(
  () => import('../../features/approvals/horse-approvals-page'),
);
export const DashboardContentPage = lazyWithPreload(
  () => import('../../features/content/dashboard-content-page'),
);
export const PaymentsLedgerPage = lazyWithPreload(
  () => import('../../features/payments-ledger/payments-ledger-page'),
);
export const StaffPage = lazyWithPreload(() => import('../../features/staff/staff-page'));

export const MemberDashboardPage = lazyWithPreload(
  () => import('../../features/dashboard/member-dashboard-page'),
);
export const MyHorsesPage = lazyWithPreload(() => import('../../features/horses/my-horses-page'));
/** Its forms check with zod from their first render: zod runs first, as for the approvals page. */
export const ProfilePage = lazyWithPreload(async () => {
  await zodFirst();
  return import('../../features/profile/profile-page');
});
export const MyPaymentsPage = lazyWithPreload(
  () => import('../../features/my-payments/my-payments-page'),
);
export const SearchHorsesPage = lazyWithPreload(
  () => import('../../features/search/search-horses-page'),
);
/**
 * /register-horse opens the form at once, so the page counts as loaded only once the form's
 * chunks are in too: one reveal with the form in it, not the page first and the form after a
 * spinner (and React's pause between the two; see route-guards' useStartStage).
 */
export const RegisterHorsePage = lazyWithPreload(async () => {
  const page = await import('../../features/horses/register-horse-page');
  await nextTask();
  await page.loadForm();
  return page;
});

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
  PaymentsLedgerPage,
  StaffPage,
];
const MEMBER_PAGES = [
  MemberDashboardPage,
  MyHorsesPage,
  ProfilePage,
  SearchHorsesPage,
  RegisterHorsePage,
  MyPaymentsPage,
];

/** Every page in the signed-in user's sidebar, so moving between them never waits. */
export function preloadRolePages(isAdmin: boolean): void {
  for (const page of isAdmin ? ADMIN_PAGES : MEMBER_PAGES) void page.preload();
}

type Page = PreloadableComponent<object>;

const ADMIN_PAGE_AT: Record<string, Page> = {
  [ROUTES.adminDashboard.path]: AdminDashboardPage,
  [ROUTES.membersList.path]: MembersListPage,
  [ROUTES.horseList.path]: HorseListPage,
  [ROUTES.horseApprovals.path]: HorseApprovalsPage,
  [ROUTES.dashboardContent.path]: DashboardContentPage,
  [ROUTES.payments.path]: PaymentsLedgerPage,
  [ROUTES.staff.path]: StaffPage,
};
const MEMBER_PAGE_AT: Record<string, Page> = {
  [ROUTES.memberDashboard.path]: MemberDashboardPage,
  [ROUTES.myHorses.path]: MyHorsesPage,
  [ROUTES.profile.path]: ProfilePage,
  [ROUTES.searchHorses.path]: SearchHorsesPage,
  [ROUTES.registerHorse.path]: RegisterHorsePage,
  [ROUTES.myPayments.path]: MyPaymentsPage,
};

function pageAt(pathname: string, isAdmin: boolean): Page | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (isAdmin ? ADMIN_PAGE_AT : MEMBER_PAGE_AT)[path];
}

/**
 * Loads the shell and the page at `pathname` (with what that page shows at once, such as
 * Register Horse's form); resolves when all are in, never rejects (a failed chunk suspends
 * and reaches the error boundary when rendered).
 */
export async function preloadShellAndPageAt(pathname: string, isAdmin: boolean): Promise<void> {
  // One after the other, each run in a task of its own (all were fetched beside the entry):
  // the server-data cache (RTK Query, the signed-in chunk's costliest start), the shell, the
  // date and money formatters, the page.
  await import('../../stores/server-api');
  await nextTask();
  await AppShell.preload();
  await nextTask();
  // In the shell's chunk, so it is in once the shell is; a failure only leaves them unwarmed.
  await import('../../lib/format').then(
    ({ warmFormatters }) => warmFormatters(),
    () => undefined,
  );
  await pageAt(pathname, isAdmin)?.preload();
}

/** Whether the shell and the page at `pathname` would render without suspending. */
export function shellAndPageLoadedAt(pathname: string, isAdmin: boolean): boolean {
  return AppShell.isLoaded() && (pageAt(pathname, isAdmin)?.isLoaded() ?? true);
}
