import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport } from '../../../test/fake-transport';
import { renderModal } from './render-modal';

const serve = withFakeTransport();

describe('Name choices', () => {
  it('tells the member at once which of the three names are already registered', async () => {
    const requests = serve((request) => {
      if (request.url.startsWith('horse-names/availability')) {
        const names = new URLSearchParams(request.url.split('?')[1]).getAll('names');
        return {
          status: 200,
          data: {
            success: true,
            data: names.map((name) => ({ name, taken: name.toLowerCase() === 'easy rack' })),
          },
        };
      }
      return { status: 404, data: { success: false, error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText(/First Choice/), 'Easy Rack');
    await user.type(screen.getByLabelText(/Second Choice/), 'Night Owl');
    expect(
      await screen.findByText(/Already registered: “Easy Rack”/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Night Owl”/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(requests.at(-1)?.url).toBe(
        'horse-names/availability?names=Easy%20Rack&names=Night%20Owl',
      ),
    );

    await user.clear(screen.getByLabelText(/First Choice/));
    await user.type(screen.getByLabelText(/First Choice/), 'Easy Racker');
    await waitFor(() => expect(screen.queryByText(/Already registered/)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  }, 30_000);
});
