import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, OTP_MESSAGES } from '@registry/domain';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';

const serveFake = withFakeTransport();
afterEach(() => {
  vi.useRealTimers();
});

type Route = (config: HttpRequest) => FakeReply | Promise<FakeReply>;

function serve(routes: Record<string, Route>) {
  const requests = serveFake((config) => {
    const route = routes[config.url ?? ''];
    return route ? route(config) : { status: 404, data: { success: false, error: 'Not found' } };
  });
  return requests;
}

const ok =
  (message: string): Route =>
  () => ({
    status: 200,
    data: { success: true, data: null, message },
  });
const fail =
  (status: number, error?: string): Route =>
  () => ({
    status,
    data: error ? { success: false, error } : 'proxy error page',
  });

async function open(path: string) {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
  return { user, ...view };
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.paste(code);
}

describe('admin forgot password (spec §2.3)', () => {
  it('walks the three steps with their labels, toasts and lands on /admin/login', async () => {
    const requests = serve({
      'admin/sendotp-password': ok(OTP_MESSAGES.sent('office@example.org')),
      'admin/verifyOtp-updatepassword': ok(OTP_MESSAGES.verified),
      'admin/change-adminPassword': ok(OTP_MESSAGES.passwordReset),
    });
    const { user, store, location } = await open('/admin/forget-password');

    await user.click(screen.getByRole('button', { name: '2FA' }));
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), ' office@example.org {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'An OTP has been sent to office@example.org',
    );
    expect(requests[0]).toMatchObject({
      method: 'post',
      data: { email: 'office@example.org' },
    });

    await user.click(screen.getByRole('button', { name: 'Verify 2FA' }));
    expect(screen.getByText(OTP_MESSAGES.otpRequired)).toBeInTheDocument();
    await typeCode(user, '12345');
    await user.keyboard('{Enter}');
    expect(screen.getByText(OTP_MESSAGES.otpLength)).toBeInTheDocument();
    await user.keyboard('6{Enter}');
    expect(await screen.findByText(OTP_MESSAGES.verified)).toBeInTheDocument();
    expect(requests[1]?.data).toEqual({ email: 'office@example.org', otp: '123456' });

    // Administrators may use spaces.
    await user.type(screen.getByLabelText('New password'), 'correct horse battery{Enter}');
    await waitFor(() => expect(location.pathname).toBe('/admin/login'));
    expect(requests[2]).toMatchObject({
      method: 'put',
      data: { email: 'office@example.org', otp: '123456', newPassword: 'correct horse battery' },
    });
    expect(store.getState().ui.toasts[0]).toMatchObject({
      kind: 'success',
      message: 'Password has been successfully reset.',
    });
  });

  it('shows busy labels while each step waits', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    serve({
      'admin/sendotp-password': () => new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    const { user } = await open('/admin/forget-password');
    await user.type(screen.getByLabelText('Email'), 'office@example.org{Enter}');
    expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeDisabled();
    answer({ status: 200, data: { success: true, data: null } });
    expect(await screen.findByRole('button', { name: 'Verify 2FA' })).toBeEnabled();
  });

  it('says the fallback when the server gives no message, and stays on the step', async () => {
    serve({ 'admin/sendotp-password': fail(502) });
    const { user } = await open('/admin/forget-password');
    await user.type(screen.getByLabelText('Email'), 'office@example.org{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send OTP. Please try again.',
    );
    expect(screen.getByRole('button', { name: '2FA' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('office@example.org');
  });

  it("shows the server's error for a wrong code and keeps the code step", async () => {
    serve({
      'admin/sendotp-password': ok('sent'),
      'admin/verifyOtp-updatepassword': fail(400, OTP_MESSAGES.expiredOtp),
    });
    const { user } = await open('/admin/forget-password');
    await user.type(screen.getByLabelText('Email'), 'office@example.org{Enter}');
    await typeCode(user, '000000');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.expiredOtp);
    expect(screen.getByRole('button', { name: 'Verify 2FA' })).toBeInTheDocument();
  });
});

describe('member forgot password (spec §2.4)', () => {
  async function toPasswordStep() {
    const view = await open('/owner/forget-password');
    await view.user.type(screen.getByLabelText('Email'), 'owner@example.org');
    await view.user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await typeCode(view.user, '654321');
    await view.user.click(await screen.findByRole('button', { name: 'Verify OTP' }));
    await screen.findByLabelText('New password');
    return view;
  }

  it('refuses spaces while typing and on submit', async () => {
    const requests = serve({
      'members/sendotp-password': ok('sent'),
      'members/verifyOtp-updatepassword': ok(OTP_MESSAGES.verified),
    });
    const { user } = await toPasswordStep();
    await user.type(screen.getByLabelText('New password'), 'two words');
    expect(screen.getByText(OTP_MESSAGES.passwordNoSpaces)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit New Password' }));
    expect(screen.getByText(OTP_MESSAGES.passwordNoSpaces)).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('shows and hides the new password', async () => {
    serve({
      'members/sendotp-password': ok('sent'),
      'members/verifyOtp-updatepassword': ok(OTP_MESSAGES.verified),
    });
    const { user } = await toPasswordStep();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
  });

  it('after success goes back to step 1 and to /login after 2 seconds', async () => {
    serve({
      'members/sendotp-password': ok('sent'),
      'members/verifyOtp-updatepassword': ok(OTP_MESSAGES.verified),
      'members/change-password': ok(OTP_MESSAGES.passwordReset),
    });
    const { user, location } = await toPasswordStep();
    await user.type(screen.getByLabelText('New password'), 'long-enough-password');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Submit New Password' }));
    expect(await screen.findByText(OTP_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(location.pathname).toBe('/owner/forget-password');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it("after a failed reset shows the server's error and starts again at step 1", async () => {
    serve({
      'members/sendotp-password': ok('sent'),
      'members/verifyOtp-updatepassword': ok(OTP_MESSAGES.verified),
      'members/change-password': fail(400, OTP_MESSAGES.passwordTooCommon),
    });
    const { user, location } = await toPasswordStep();
    await user.type(screen.getByLabelText('New password'), 'password123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(OTP_MESSAGES.passwordTooCommon);
    expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.org');
    expect(location.pathname).toBe('/owner/forget-password');
  });

  it('uses the reset fallback when the failure has no message', async () => {
    serve({
      'members/sendotp-password': ok('sent'),
      'members/verifyOtp-updatepassword': ok(OTP_MESSAGES.verified),
      'members/change-password': fail(500, ''),
    });
    const { user } = await toPasswordStep();
    await user.type(screen.getByLabelText('New password'), 'long-enough-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. Please try again.',
    );
  });
});
