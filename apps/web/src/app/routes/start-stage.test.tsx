import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HorseRegistrationModal } from '../../features/horses/horse-modal-host';
import { memberLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { afterFirstPageShown } from './first-page-shown';
import { RegisterHorsePage } from './lazy-pages';

// A file of its own: the chunks are module state, so this must run before any test loads them.
describe('the first signed-in render (route-guards useStartStage)', () => {
  it('says "Loading…" in words until the shell and the page arrive together', async () => {
    storeSession(memberLoginResult);
    const afterPage = vi.fn();
    afterFirstPageShown(afterPage);
    renderApp('/dashboard');
    // Visible text, not only the spinner's screen-reader label: the first thing painted.
    const loading = screen.getByRole('status');
    expect(loading).toHaveTextContent('Loading…');
    expect(screen.getByText('Loading…')).not.toHaveClass('visually-hidden');
    expect(screen.queryByTestId('app-sidebar')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByTestId('app-sidebar')).toBeInTheDocument();
    // What waits for the first page (main.tsx's session check) runs once it is on screen.
    expect(afterPage).not.toHaveBeenCalled();
    await waitFor(() => expect(afterPage).toHaveBeenCalledTimes(1));
  });

  it('counts Register Horse as loaded only once the form it opens is loaded too', async () => {
    expect(HorseRegistrationModal.isLoaded()).toBe(false);
    await RegisterHorsePage.preload();
    expect(HorseRegistrationModal.isLoaded()).toBe(true);
  });
});
