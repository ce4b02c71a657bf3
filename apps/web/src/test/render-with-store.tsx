import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createAppStore, type AppStore } from '../stores/create-store';

/**
 * Renders one component inside a store (built from current localStorage, or the one given), as
 * the app does: components reading server data need it. `rerender` keeps the same store.
 */
export function renderWithStore(ui: ReactElement, store: AppStore = createAppStore()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return { ...render(ui, { wrapper }), store };
}
