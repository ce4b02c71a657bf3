import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, STORAGE_KEYS } from '@registry/domain';
import {
  okReply,
  refusedReply,
  withFakeTransport,
  type FakeReply,
} from '../../test/fake-transport';
import { adminLoginResult, memberLoginResult } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();

/** Points the app's API client at a fake server for the duration of a test. */

async function openLogin(path: string) {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { user, ...view };
}

describe('login page validation', () => {
  it('shows both required messages on an empty submit and sends nothing', async () => {
    const requests = serve(() => ({ status: 500 }));
    const { user } = await openLogin('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('stays quiet while typing before the first submit, then follows every change', async () => {
    serve(() => ({ status: 500 }));
    const { user } = await openLogin('/login');
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-email');
    expect(screen.queryByText(AUTH_MESSAGES.emailInvalid)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();

    await user.type(email, '@example.org');
    expect(screen.queryByText(AUTH_MESSAGES.emailInvalid)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(AUTH_MESSAGES.passwordRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
  });
});

/**
 * The sign-in route answers with `result`; what the page asks next (the dashboard's data) is
 * refused, so no page reads a sign-in reply as its own data.
 */
const signInAnswering = (url: string, result: unknown) => (request: { url: string }) =>
  request.url === url ? okReply(result) : refusedReply(404, 'Not found');

describe('login page submission', () => {
  it('signs a member in with Enter, stores the session and goes home', async () => {
    const requests = serve(signInAnswering('auth/login', memberLoginResult));
    const { user, store, location } = await openLogin('/login');
    await user.type(screen.getByLabelText('Email'), '  owner@example.org ');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    // The shell's and the dashboard's chunks load after the sign-in: slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    expect(requests[0]).toMatchObject({
      method: 'post',
      url: 'auth/login',
      data: { email: 'owner@example.org', password: 'secret' },
    });
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, isAdmin: false });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('member-token');
    expect(localStorage.getItem(STORAGE_KEYS.userRole)).toBe('member');
    await waitFor(() => expect(location.pathname).toBe('/dashboard'));
  });

  it('signs an admin in through auth/admin-login and lands on /', async () => {
    const requests = serve(signInAnswering('auth/admin-login', adminLoginResult));
    const { user, store, location } = await openLogin('/admin/login');
    await user.type(screen.getByLabelText('Email'), 'admin@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The shell's and the dashboard's chunks load after the sign-in: slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    expect(requests[0]?.url).toBe('auth/admin-login');
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, isAdmin: true });
    expect(location.pathname).toBe('/');
  });

  it('shows the server error in an alert, keeps the user signed out and re-enables the button', async () => {
    serve(() => ({
      status: 401,
      data: { success: false, error: AUTH_MESSAGES.invalidCredentials },
    }));
    const { user, store } = await openLogin('/admin/login');
    await user.type(screen.getByLabelText('Email'), 'admin@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows field messages the server sends with a 400', async () => {
    serve(() => ({
      status: 400,
      data: {
        success: false,
        error: 'Some fields are not valid',
        fields: { email: 'Unknown domain' },
      },
    }));
    const { user } = await openLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'a@b.example');
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(await screen.findByText('Unknown domain')).toBeInTheDocument();
  });

  it('is busy while the server answers: button disabled with "Signing in..."', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    serve(() => new Promise<FakeReply>((resolve) => (answer = resolve)));
    const { user } = await openLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'owner@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect(busy).toBeDisabled();
    answer({ status: 429, data: { success: false, error: AUTH_MESSAGES.tooManyAttempts } });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('login page links and password toggle', () => {
  it('links the member page to its reset page and to the admin sign-in', async () => {
    await openLogin('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/owner/forget-password',
    );
    expect(screen.getByRole('link', { name: 'Administrator? Sign in here' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
  });

  it('links the admin page to its reset page and to the member sign-in', async () => {
    await openLogin('/admin/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/admin/forget-password',
    );
    expect(screen.getByRole('link', { name: 'Member? Sign in here' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows and hides the password', async () => {
    const { user } = await openLogin('/login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(password).toHaveAttribute('type', 'password');
  });
});
