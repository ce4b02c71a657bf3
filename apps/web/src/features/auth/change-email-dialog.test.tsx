import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES, STORAGE_KEYS, OTP_MESSAGES } from '@registry/domain';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, adminUser, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serveFake = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

type Route = (config: HttpRequest) => FakeReply | Promise<FakeReply>;

function serve(routes: Record<string, Route>) {
  const requests = serveFake(
    (config) => routes[config.url ?? '']?.(config) ?? { status: 404, data: { error: 'none' } },
  );
  return requests.filter.bind(requests);
}

const sent: Route = () => ({
  status: 200,
  data: { success: true, data: null, message: PROFILE_MESSAGES.otpSentToEmail },
});

async function openDialog() {
  const user = userEvent.setup();
  const view = renderApp('/');
  // The first test also waits for the lazily loaded dashboard.
  await user.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change Email' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Email' });
  // The modal takes focus once its opening transition ends; typing before that is lost.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { user, dialog, ...view };
}

const digit1 = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' });

describe('admin Change Email dialog (spec §2.5)', () => {
  it('sends a code to the new address, saves it, closes and stores the new email', async () => {
    let answerVerify: (reply: FakeReply) => void = () => {};
    const calls = serve({
      'admin/sendotp': sent,
      'admin/verifyOtp-updateEmail': () =>
        new Promise<FakeReply>((resolve) => (answerVerify = resolve)),
    });
    const { user, dialog, store } = await openDialog();
    await user.type(within(dialog).getByLabelText('New email'), 'new@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      PROFILE_MESSAGES.otpSentToEmail,
    );

    await user.click(digit1(dialog));
    await user.keyboard('1a2345');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText(PROFILE_MESSAGES.otpInvalid)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 6 of 6' }));
    await user.keyboard('6');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByRole('button', { name: /Saving Changes\.\.\./ }),
    ).toBeDisabled();

    const updated = { ...adminUser, email: 'new@example.org' };
    answerVerify({
      status: 200,
      data: { success: true, message: PROFILE_MESSAGES.emailUpdated, data: { user: updated } },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change Email' })).not.toBeInTheDocument(),
    );
    expect(store.getState().session.userData.email).toBe('new@example.org');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}').email).toBe(
      'new@example.org',
    );
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({ kind: 'success' });
    const verify = calls((request) => request.url === 'admin/verifyOtp-updateEmail');
    expect(verify.at(-1)?.data).toEqual({ email: 'new@example.org', otp: '123456' });
  });

  it('shows a busy label while sending and a danger toast when sending fails', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    serve({ 'admin/sendotp': () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    const { user, dialog, store } = await openDialog();
    await user.type(within(dialog).getByLabelText('New email'), 'taken@example.org{Enter}');
    expect(await within(dialog).findByRole('button', { name: /Sending OTP\.\.\./ })).toBeDisabled();
    answer({ status: 409, data: { success: false, error: PROFILE_MESSAGES.emailInUse } });
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toEqual(
        expect.objectContaining({
          kind: 'danger',
          message: 'Failed to send OTP. Please try again.',
        }),
      ),
    );
    expect(within(dialog).getByText(PROFILE_MESSAGES.emailInUse)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  });

  it("shows the server's verify error inline and stays open", async () => {
    serve({
      'admin/sendotp': sent,
      'admin/verifyOtp-updateEmail': () => ({
        status: 400,
        data: { success: false, error: OTP_MESSAGES.expiredOtp },
      }),
    });
    const { user, dialog, store } = await openDialog();
    await user.type(within(dialog).getByLabelText('New email'), 'new@example.org{Enter}');
    await user.click(await within(dialog).findByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('999999');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(OTP_MESSAGES.expiredOtp)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change Email' })).toBeInTheDocument();
    expect(store.getState().session.userData.email).toBe(adminUser.email);
  });

  it('starts again at step 1 with an empty field when reopened', async () => {
    serve({ 'admin/sendotp': sent });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('New email'), 'new@example.org{Enter}');
    await within(dialog).findByRole('button', { name: 'Save Changes' });
    // The footer's Close (the header has an icon-only close button too).
    await user.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change Email' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Email' }));
    const again = await screen.findByRole('dialog', { name: 'Change Email' });
    await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
    expect(within(again).getByLabelText('New email')).toHaveValue('');
    expect(within(again).getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    expect(within(again).queryByRole('group', { name: 'Verification code' })).toBeNull();
  });
});
