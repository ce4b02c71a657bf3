import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OTP_MESSAGES, STORAGE_KEYS } from '@registry/domain';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { memberLoginResult } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The first test loads the code form's and the shell's chunks: on a busy machine over 5 s.
vi.setConfig({ testTimeout: 30_000 });

const serveFake = withFakeTransport();

function serve(routes: Record<string, (config: HttpRequest) => FakeReply>) {
  const requests = serveFake(
    (config) => routes[config.url ?? '']?.(config) ?? { status: 404, data: { error: 'x' } },
  );
  return requests;
}

async function openCodeForm() {
  const user = userEvent.setup();
  const view = renderApp('/login');
  await screen.findByRole('heading', { level: 1 });
  await user.click(screen.getByRole('button', { name: 'Email me a code' }));
  // The code form is its own chunk (the sign-in page ships in the entry): it may still arrive.
  await screen.findByRole('button', { name: 'Send code' }, { timeout: 5000 });
  return { user, ...view };
}

describe('member sign-in by emailed code', () => {
  it('sends a code, signs in with it and stores the session like a password sign-in', async () => {
    const requests = serve({
      'members/sendotp': () => ({
        status: 200,
        data: { success: true, data: null, message: OTP_MESSAGES.sent('owner@example.org') },
      }),
      'auth/login': () => ({ status: 200, data: { success: true, data: memberLoginResult } }),
    });
    const { user, store, location } = await openCodeForm();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'owner@example.org{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'An OTP has been sent to owner@example.org',
    );
    expect(requests[0]).toMatchObject({
      url: 'members/sendotp',
      data: { email: 'owner@example.org' },
    });

    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('246810');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // "/" sends a member on to /dashboard once the shell's chunk is in (slow on a busy machine).
    await waitFor(() => expect(location.pathname).toBe('/dashboard'), { timeout: 5000 });
    expect(requests[1]).toMatchObject({
      url: 'auth/login',
      data: { email: 'owner@example.org', otp: '246810' },
    });
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, isAdmin: false });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('member-token');
  });

  it('refuses a short code locally and shows a wrong code as the server says', async () => {
    const requests = serve({
      'members/sendotp': () => ({ status: 200, data: { success: true, data: null } }),
      'auth/login': () => ({
        status: 400,
        data: { success: false, error: OTP_MESSAGES.invalidOtp },
      }),
    });
    const { user, store } = await openCodeForm();
    await user.type(screen.getByLabelText('Email'), 'owner@example.org{Enter}');
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123{Enter}');
    expect(screen.getByText(OTP_MESSAGES.otpLength)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    await user.keyboard('456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.invalidOtp);
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('goes back to the password form', async () => {
    serve({});
    const { user } = await openCodeForm();
    await user.click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('is not offered to administrators', async () => {
    serve({});
    renderApp('/admin/login');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
  });
});
