import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createAppStore } from '../../stores/create-store';
import { paymentProviderLoaded } from '../../stores/ui-slice';
import { memberLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { TEST_MODE_TEXT } from './test-mode-banner';

describe('TEST MODE banner', () => {
  it('shows on the sign-in page and on signed-in pages while the sandbox runs', async () => {
    const store = createAppStore();
    store.dispatch(paymentProviderLoaded('sandbox'));
    renderApp('/login', store);
    expect(await screen.findByRole('region', { name: 'Test mode' })).toHaveTextContent(
      TEST_MODE_TEXT,
    );
  });

  it('shows on a member page too', async () => {
    storeSession(memberLoginResult);
    const store = createAppStore();
    store.dispatch(paymentProviderLoaded('sandbox'));
    renderApp('/dashboard', store);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.getByTestId('test-mode-banner')).toHaveTextContent(TEST_MODE_TEXT);
  });

  it('is absent with the real provider', async () => {
    const store = createAppStore();
    store.dispatch(paymentProviderLoaded('stripe'));
    renderApp('/login', store);
    await screen.findByRole('heading', { name: 'Member sign in' });
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });
});
