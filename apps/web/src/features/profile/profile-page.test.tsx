import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PASSWORD_HINT,
  PROFILE_MESSAGES,
  STORAGE_KEYS,
  type MemberProfile,
} from '@registry/domain';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { memberLoginResult, memberUser, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { PASSWORDS_DIFFER } from './change-password-form';

const profile: MemberProfile = {
  ...memberUser,
  profilePicture: null,
  address: '1 Barn Road',
  city: 'Lexington',
  state: 'Kentucky',
  zip: '40502',
  phone: '(859) 555-0100',
};

const serveFake = withFakeTransport();
beforeEach(() => {
  storeSession(memberLoginResult);
});

type Route = (config: HttpRequest) => FakeReply | Promise<FakeReply>;

function serve(routes: Record<string, Route>) {
  const requests = serveFake((config) => {
    const route = routes[`${config.method} ${config.url}`];
    return route ? route(config) : { status: 404, data: { success: false, error: 'Not found' } };
  });
  return requests;
}

const loaded: Route = () => ({ status: 200, data: { success: true, data: profile } });

async function openProfile(routes: Record<string, Route> = {}) {
  const requests = serve({ 'get members/m1': loaded, ...routes });
  const user = userEvent.setup();
  const view = renderApp('/profile');
  await screen.findByLabelText('First name', {}, { timeout: 5000 });
  return { user, requests, ...view };
}

describe('profile details', () => {
  it('shows the loaded profile with the member number read-only', async () => {
    await openProfile();
    expect(screen.getByLabelText('First name')).toHaveValue('Olive');
    expect(screen.getByLabelText('State')).toHaveValue('Kentucky');
    expect(screen.getByLabelText('ZIP')).toHaveValue('40502');
    expect(screen.getByText('M-1001')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /member number/i })).toBeNull();
    expect(screen.getByTestId('profile-email')).toHaveTextContent('owner@example.org');
  });

  it('checks fields with the domain rules and sends nothing while they fail', async () => {
    const { user, requests } = await openProfile();
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('ZIP'));
    await user.type(screen.getByLabelText('ZIP'), '123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(PROFILE_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.zipInvalid)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'put')).toHaveLength(0);
  });

  it('saves, updates the header name and the stored user, and says so', async () => {
    const { user, requests, store } = await openProfile({
      'put members/profile': (config) => ({
        status: 200,
        data: {
          success: true,
          message: PROFILE_MESSAGES.updated,
          data: { ...profile, ...JSON.parse(String(config.data)) },
        },
      }),
    });
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Olivia');
    await user.selectOptions(screen.getByLabelText('State'), 'Tennessee');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(store.getState().session.userData.firstName).toBe('Olivia'));
    expect(requests.at(-1)?.data).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Owner',
      state: 'Tennessee',
      zip: '40502',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}').firstName).toBe(
      'Olivia',
    );
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: PROFILE_MESSAGES.updated,
    });
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let fail = true;
    serve({
      'get members/m1': () =>
        fail
          ? { status: 503, data: { success: false, error: 'Down for a moment' } }
          : loaded({} as never),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    expect(await screen.findByText('Down for a moment', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Olive');
  });
});

describe('profile picture', () => {
  const picker = () => screen.getByLabelText('Upload picture');

  it('refuses other types and files over 5 MB before uploading', async () => {
    const { user, requests } = await openProfile();
    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(picker(), new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.pictureType);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await user.upload(picker(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.pictureTooLarge);
    expect(requests.filter((request) => request.method === 'put')).toHaveLength(0);
  });

  it('uploads a picture and shows it in the header at once', async () => {
    const { user, requests } = await openProfile({
      'put members/profile/picture': () => ({
        status: 200,
        data: { success: true, data: { ...profile, profilePicture: '/files/signed/me.png' } },
      }),
    });
    await user.upload(picker(), new File(['png'], 'me.png', { type: 'image/png' }));
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    await waitFor(() =>
      expect(toggle.querySelector('img')).toHaveAttribute('src', '/files/signed/me.png'),
    );
    const sent = requests.at(-1)?.data as FormData;
    expect(sent.get('profilePicture')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('shows the hint, checks the confirmation and the policy locally', async () => {
    const { user, requests } = await openProfile();
    const form = screen.getByRole('form', { name: 'Change password' });
    expect(within(form).getByText(PASSWORD_HINT)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Current password'), 'old-password');
    await user.type(within(form).getByLabelText('New password'), 'has space');
    await user.type(within(form).getByLabelText('Confirm new password'), 'different');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Password cannot contain spaces')).toBeInTheDocument();
    expect(within(form).getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'put')).toHaveLength(0);
  });

  it('shows a wrong current password at its field, then succeeds and clears the form', async () => {
    let answer: FakeReply = {
      status: 400,
      data: { success: false, error: PROFILE_MESSAGES.currentPasswordIncorrect },
    };
    const { user, requests, store } = await openProfile({
      'put members/change-memberPassword': () => answer,
    });
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'wrong-password');
    await user.type(within(form).getByLabelText('New password'), 'a-new-long-password');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a-new-long-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByLabelText('Current password')).toHaveAccessibleDescription(
      PROFILE_MESSAGES.currentPasswordIncorrect,
    );
    expect(requests.at(-1)?.data).toEqual({
      currentPassword: 'wrong-password',
      newPassword: 'a-new-long-password',
    });

    answer = {
      status: 200,
      data: { success: true, data: null, message: 'Password changed successfully' },
    };
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'right-password{Enter}');
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: PROFILE_MESSAGES.passwordChanged,
    });
    expect(store.getState().session.isLoggedIn).toBe(true);
  });
});

describe('change password with an emailed code', () => {
  it('sends a code to the own address, sets the password and signs out to /login', async () => {
    const { user, requests, store, location } = await openProfile({
      'post members/sendotp-password': () => ({
        status: 200,
        data: { success: true, data: null, message: 'An OTP has been sent to owner@example.org' },
      }),
      'put members/change-password': () => ({
        status: 200,
        data: { success: true, data: null, message: 'Password has been successfully reset' },
      }),
    });
    await user.click(screen.getByRole('button', { name: /Change it with an emailed code/ }));
    const form = screen.getByRole('form', { name: 'Change password with an emailed code' });
    await user.click(within(form).getByRole('button', { name: 'Email me a code' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'An OTP has been sent to owner@example.org',
    );
    expect(requests.at(-1)).toMatchObject({ data: { email: 'owner@example.org' } });

    await user.click(within(form).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('135790');
    await user.type(within(form).getByLabelText('New password'), 'with space');
    expect(within(form).getByText('Password cannot contain spaces')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'fresh-long-password{Enter}');
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(requests.at(-1)).toMatchObject({
      method: 'put',
      data: { email: 'owner@example.org', otp: '135790', newPassword: 'fresh-long-password' },
    });
    expect(store.getState().session.isLoggedIn).toBe(false);
  });
});
