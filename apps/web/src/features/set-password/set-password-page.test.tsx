import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_HINT } from '@registry/domain';
import { withFakeTransport } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();

const TOKEN = 'a'.repeat(43);

describe('Set password', () => {
  it('shows whose link it is, checks the two entries, sets the password and goes to sign in', async () => {
    const requests = serve((config) =>
      config.url === 'auth/set-password/check'
        ? { status: 200, data: { success: true, data: { email: 'new@example.org' } } }
        : {
            status: 200,
            data: {
              success: true,
              data: { email: 'new@example.org' },
              message: 'Your password has been set. You can sign in now.',
            },
          },
    );
    const user = userEvent.setup();
    const { location, store } = renderApp(`/set-password#token=${TOKEN}`);
    expect(await screen.findByText('new@example.org', {}, { timeout: 5000 })).toBeInTheDocument();
    // The token goes in the body, never in an address, and leaves the page's address at once.
    expect(requests[0]).toMatchObject({
      method: 'post',
      url: 'auth/set-password/check',
      data: { token: TOKEN },
    });
    await waitFor(() =>
      expect(location).toMatchObject({ pathname: '/set-password', search: '', hash: '' }),
    );
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password cannot contain spaces',
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'horse-battery-staple');
    await user.type(screen.getByLabelText('Confirm new password'), 'horse-battery-stapl');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The two passwords do not match',
    );
    expect(requests.filter((r) => r.url === 'auth/set-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Confirm new password'), 'e');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(requests.at(-1)).toMatchObject({
      url: 'auth/set-password',
      data: { token: TOKEN, password: 'horse-battery-staple' },
    });
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: 'Your password has been set. You can sign in now.',
    });
  });

  it('still opens a link emailed before the token moved into the fragment', async () => {
    const requests = serve(() => ({
      status: 200,
      data: { success: true, data: { email: 'old@example.org' } },
    }));
    const { location } = renderApp(`/set-password?token=${TOKEN}`);
    expect(await screen.findByText('old@example.org', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ url: 'auth/set-password/check', data: { token: TOKEN } });
    await waitFor(() =>
      expect(location).toMatchObject({ pathname: '/set-password', search: '', hash: '' }),
    );
  });

  it('says what to do when the link is used or expired', async () => {
    serve(() => ({
      status: 404,
      data: {
        success: false,
        error: 'This link is invalid or has expired. Ask the association office for a new one.',
      },
    }));
    renderApp(`/set-password#token=${TOKEN}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('invalid or has expired');
    expect(alert).toHaveTextContent('Ask the association office to send your credentials again');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('refuses a link without a token before asking the server', async () => {
    const requests = serve(() => ({ status: 500, data: { success: false, error: 'asked' } }));
    renderApp('/set-password');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('This link has no token.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.startsWith('auth/set-password'))).toEqual([]);
  });
});
