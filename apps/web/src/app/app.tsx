import { lazy, Suspense } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import type { AppStore } from '../stores/create-store';
import { ErrorBoundary } from '../components/error-boundary';
import { TestModeBanner } from '../features/payments/test-mode-banner';
import { useAppSelector } from '../stores/hooks';
import { AppRoutes } from './routes/app-routes';

// CToast pulls in transition code the sign-in page does not need until a toast exists.
const AppToaster = lazy(() => import('./shell/app-toaster'));

function ToastHost() {
  const hasToasts = useAppSelector((state) => state.ui.toasts.length > 0);
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** Providers and routes; tests compose the same pieces around a MemoryRouter instead. */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      {/* Without transitions a route change renders at once (spinner while a chunk loads),
          so the breadcrumb and page never lag behind the address bar. */}
      <BrowserRouter useTransitions={false}>
        <TestModeBanner />
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
        <ToastHost />
      </BrowserRouter>
    </Provider>
  );
}
