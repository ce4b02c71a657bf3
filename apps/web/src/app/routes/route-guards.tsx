import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { afterNextPaint, afterPaintIsShown } from '../../lib/after-next-paint';
import { homePathFor, loginPathFor, ROUTES } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';
import { firstPageShown } from './first-page-shown';
import {
  AdminDashboardPage,
  AppShell,
  preloadAfterSignIn,
  preloadRolePages,
  preloadShellAndPageAt,
  shellAndPageLoadedAt,
} from './lazy-pages';
import { NotPermittedPage, RoleCannotPage } from './not-permitted-page';
import { staffMayOpen } from '../../lib/staff-access';
import { useStaffRole } from '../../stores/use-staff-role';

/**
 * Route guard of spec §2.1:
 * - signed-out user on a private page -> /admin/login when the stored state says admin,
 *   otherwise /login (history entry replaced);
 * - signed-in user on a signed-out-only page -> / (replaced);
 * - signed-in user on a private page -> the page inside the shell.
 * Additions the spec leaves open (§6 "page-level enforcement ... not shown"):
 * - "/" is the admin dashboard for admins and redirects members to /dashboard;
 * - a user on a page of the other role sees "not permitted" inside the shell. The API
 *   refuses the data anyway; this only spares people an empty screen.
 */

/** Layout route for /admin/login, /login and the forgot-password pages. */
export function SignedOutOnly() {
  const isLoggedIn = useAppSelector((state) => state.session.isLoggedIn);
  if (isLoggedIn) return <Navigate to={ROUTES.home.path} replace />;
  // Fetch the shell once the visitor starts using the form, not on first paint: the sign-in
  // page stays light, and after "Sign in" the dashboard appears without waiting.
  return (
    <div onFocusCapture={preloadAfterSignIn} onPointerDownCapture={preloadAfterSignIn}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** Layout route for every private page: the shell around the matched page. */
export function SignedInOnly() {
  const isLoggedIn = useAppSelector((state) => state.session.isLoggedIn);
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  // After a logout in this tab the session is wiped; lastPortal still knows which sign-in
  // page the user came from (see ui-slice). On a fresh load only the stored role counts.
  const lastPortal = useAppSelector((state) => state.ui.lastPortal);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isLoggedIn) return;
    // Fetch the rest of this role's pages once the user starts using the page (pointer over
    // it, a tap, a key, focus), not as soon as it shows: they and their forms (zod, the form
    // library) weigh more than the page itself, and someone who only glances at the
    // dashboard should not pay for them. A pointer reaches the sidebar well before a click.
    const EVENTS = ['pointerover', 'pointerdown', 'keydown', 'focusin'] as const;
    const preload = (event: Event) => {
      // Focus a script gives a container (a dialog opening, tabIndex -1) is not the user's:
      // Register Horse's modal would otherwise fetch every other page as it opens.
      if (event.type === 'focusin' && (event.target as HTMLElement | null)?.tabIndex === -1) {
        return;
      }
      stop();
      preloadRolePages(isAdmin);
    };
    const stop = () => {
      for (const type of EVENTS) window.removeEventListener(type, preload, true);
    };
    for (const type of EVENTS) window.addEventListener(type, preload, true);
    return stop;
  }, [isLoggedIn, isAdmin]);
  const stage = useStartStage(isLoggedIn, pathname, isAdmin);
  if (!isLoggedIn) {
    return <Navigate to={loginPathFor(isAdmin || lastPortal === 'admin')} replace />;
  }
  if (stage === 'loading') return <PageSpinner caption />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppShell>{stage === 'shell' ? <PageSpinner /> : undefined}</AppShell>
    </Suspense>
  );
}

/**
 * How far the first signed-in render has come:
 * - 'loading' until the shell and the page at `pathname` are loaded. Left to Suspense, the
 *   shell, the page and Register Horse's form each showed a spinner first, and React holds
 *   back each reveal until 300 ms after the last spinner appeared: over half a second spent
 *   waiting on chunks that had long arrived (the index's preload shim fetches them beside the
 *   entry). They are evaluated only after the first paint (the banner and "Loading…").
 * - 'shell': the shell around a spinner, in a render of its own;
 * - 'page': then the page, as a transition React renders in slices. In one render with the
 *   shell, Register Horse made a single task of about 90 ms, 360 ms on a phone.
 * Once the page is on screen, what waits for that runs (first-page-shown.ts: main.tsx's session
 * check, whose answer, asked at the start, was the last thing Lighthouse counted before the
 * page's largest paint). docs/decisions/0065-register-horse-first-paint.md.
 */
function useStartStage(isLoggedIn: boolean, pathname: string, isAdmin: boolean) {
  const [stage, setStage] = useState<'loading' | 'shell' | 'page'>(() =>
    shellAndPageLoadedAt(pathname, isAdmin) ? 'page' : 'loading',
  );
  // Once, when the page first shows (not again on every later address).
  useEffect(() => {
    if (stage === 'page') return afterPaintIsShown(firstPageShown);
  }, [stage]);
  useEffect(() => {
    if (stage === 'shell') return startTransition(() => setStage('page'));
    if (stage !== 'loading' || !isLoggedIn) return;
    let current = true;
    const cancel = afterNextPaint(() => {
      // A transition: React then draws the shell in slices between which the browser may run
      // other tasks; a plain update from a promise drew it in one long task on a phone.
      void preloadShellAndPageAt(pathname, isAdmin).then(
        () => current && startTransition(() => setStage('shell')),
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [stage, isLoggedIn, pathname, isAdmin]);
  return stage;
}

/** Nested inside SignedInOnly: admin-only or member-only pages. */
export function RoleOnly({ role }: { role: 'admin' | 'member' }) {
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const allowed = role === 'admin' ? isAdmin : !isAdmin;
  return allowed ? <Outlet /> : <NotPermittedPage pageRole={role} />;
}

/**
 * Inside RoleOnly admin: the office page at `path` when the staff member's role may use it,
 * otherwise a sentence saying the role cannot (the server would refuse its data and actions).
 */
export function StaffOnly({ path, children }: { path: string; children: ReactNode }) {
  const role = useStaffRole();
  return staffMayOpen(role, path) ? children : <RoleCannotPage path={path} />;
}

/** "/": the admin dashboard, or the member's home at /dashboard. */
export function HomeRoute() {
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  if (!isAdmin) return <Navigate to={homePathFor(false)} replace />;
  return (
    <StaffOnly path={ROUTES.adminDashboard.path}>
      <AdminDashboardPage />
    </StaffOnly>
  );
}
