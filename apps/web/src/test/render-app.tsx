import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { AppRoutes } from '../app/routes/app-routes';
import { TestModeBanner } from '../features/payments/test-mode-banner';
import { createAppStore, type AppStore } from '../stores/create-store';

export interface LocationRecord {
  pathname: string;
  search: string;
  hash: string;
  navigationType: string;
}

function LocationProbe({ record }: { record: LocationRecord }) {
  const location = useLocation();
  record.pathname = location.pathname;
  record.search = location.search;
  record.hash = location.hash;
  record.navigationType = useNavigationType();
  return null;
}

/**
 * Renders the real route table at `path` with a store built from current localStorage
 * (or the one given), and exposes where the router ended up.
 */
export function renderApp(path: string, store: AppStore = createAppStore()) {
  const location: LocationRecord = { pathname: path, search: '', hash: '', navigationType: 'POP' };
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <TestModeBanner />
        <AppRoutes />
        <LocationProbe record={location} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, location };
}
