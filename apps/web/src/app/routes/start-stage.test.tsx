import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HorseRegistrationModal } from '../../features/horses/horse-modal-host';
import { memberLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { RegisterHorsePage } from './lazy-pages';

// A file of its own: the chunks are module state, so this must run before any test loads them.
describe('the first signed-in render (route-guards useStartStage)', () => {
  it('says "Loading…" in words until the shell and the page arrive together', async () => {
    storeSession(memberLoginResult);
    renderApp('/dashboard');
    // Visible text, not only the spinner's screen-reader label: the first thing painted.
    const loading = screen.getByRole('status');
    expect(loading).toHaveTextContent('Loading…');
    expect(screen.getByText('Loading…')).not.toHaveClass('visually-hidden');
    expect(screen.queryByTestId('app-sidebar')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
  });

  it('counts Register Horse as loaded only once the form it opens is loaded too', async () => {
    expect(HorseRegistrationModal.isLoaded()).toBe(false);
    await RegisterHorsePage.preload();
    expect(HorseRegistrationModal.isLoaded()).toBe(true);
  });
});
