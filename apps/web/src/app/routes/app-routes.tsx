import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { AdminHorseEditorProvider } from './admin-horse-editor';
import * as Pages from './lazy-pages';
import { NotFoundRoute } from './not-found-page';
import { HomeRoute, RoleOnly, SignedInOnly, SignedOutOnly, StaffOnly } from './route-guards';

interface PageRoute {
  path: string;
  Page: ComponentType;
}

const SIGNED_OUT_PAGES: PageRoute[] = [
  { path: ROUTES.adminLogin.path, Page: Pages.AdminLoginPage },
  { path: ROUTES.adminForgotPassword.path, Page: Pages.AdminForgotPasswordPage },
  { path: ROUTES.memberLogin.path, Page: Pages.MemberLoginPage },
  { path: ROUTES.memberForgotPassword.path, Page: Pages.MemberForgotPasswordPage },
];

const ADMIN_PAGES: PageRoute[] = [
  { path: ROUTES.horseList.path, Page: Pages.HorseListPage },
  { path: ROUTES.membersList.path, Page: Pages.MembersListPage },
  { path: ROUTES.dashboardContent.path, Page: Pages.DashboardContentPage },
  { path: ROUTES.horseApprovals.path, Page: Pages.HorseApprovalsPage },
  { path: ROUTES.payments.path, Page: Pages.PaymentsLedgerPage },
  { path: ROUTES.staff.path, Page: Pages.StaffPage },
];

const MEMBER_PAGES: PageRoute[] = [
  { path: ROUTES.myHorses.path, Page: Pages.MyHorsesPage },
  { path: ROUTES.profile.path, Page: Pages.ProfilePage },
  { path: ROUTES.searchHorses.path, Page: Pages.SearchHorsesPage },
  { path: ROUTES.registerHorse.path, Page: Pages.RegisterHorsePage },
  { path: ROUTES.memberDashboard.path, Page: Pages.MemberDashboardPage },
  { path: ROUTES.myPayments.path, Page: Pages.MyPaymentsPage },
];

function pageRoutes(pages: PageRoute[]) {
  return pages.map(({ path, Page }) => <Route key={path} path={path} element={<Page />} />);
}

/** Office pages: each shown only to the staff roles that may use it (route-guards StaffOnly). */
function officePageRoutes(pages: PageRoute[]) {
  return pages.map(({ path, Page }) => (
    <Route
      key={path}
      path={path}
      element={
        <StaffOnly path={path}>
          <Page />
        </StaffOnly>
      }
    />
  ));
}

/** The route table of spec §2.1; guards are documented in route-guards.tsx. */
export function AppRoutes() {
  return (
    <Routes>
      {/* The spec's member reset flow ends at /owner/login, which is not a page (§2.4). */}
      <Route
        path={ROUTES.legacyOwnerLogin.path}
        element={<Navigate to={ROUTES.memberLogin.path} replace />}
      />
      {/* Signed in or not: the provider's tab may have no session (payments). */}
      <Route path="/payment-complete" element={<Pages.PaymentCompletePage />} />
      {/* Public whoever is signed in: an emailed link and the certificate's QR code. */}
      <Route path="/set-password" element={<Pages.SetPasswordPage />} />
      <Route path="/verify/:registrationNumber" element={<Pages.VerifyPage />} />
      <Route element={<SignedOutOnly />}>{pageRoutes(SIGNED_OUT_PAGES)}</Route>
      <Route element={<SignedInOnly />}>
        <Route path={ROUTES.home.path} element={<HomeRoute />} />
        <Route element={<RoleOnly role="admin" />}>
          <Route element={<AdminHorseEditorProvider />}>{officePageRoutes(ADMIN_PAGES)}</Route>
        </Route>
        <Route element={<RoleOnly role="member" />}>{pageRoutes(MEMBER_PAGES)}</Route>
      </Route>
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
