import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CContainer } from '@coreui/react';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageSpinner } from '../../components/page-spinner';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import '../../styles/shell.scss';
import '../../styles/shell.css';

/**
 * The signed-in frame of spec §2.2. Loaded lazily, so the sign-in pages never download the
 * sidebar, dropdown and modal code.
 */
export default function AppShell({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppSidebar />
      <div className="wrapper d-flex flex-column min-vh-100">
        <AppHeader />
        <main id="main-content" className="body flex-grow-1" tabIndex={-1}>
          <CContainer className="px-3 px-lg-4" lg>
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
            </ErrorBoundary>
          </CContainer>
        </main>
        <AppFooter />
      </div>
    </>
  );
}
