import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport } from '../../../test/fake-transport';
import {
  adminLoginResult,
  memberLoginResult,
  storeSession,
  memberProfile,
} from '../../../test/fixtures';
import { renderModal } from './render-modal';

vi.setConfig({ testTimeout: 30_000 });
const serve = withFakeTransport();
beforeEach(() => {
  storeSession(memberLoginResult);
});

const profile = memberProfile({ firstName: 'Avery', lastName: 'Walker', memberNumber: 'M-0001' });

describe('Register: owner 1 and billing from the member profile', () => {
  it('fills the empty owner and billing fields from GET members/:id', async () => {
    const requests = serve((request) =>
      request.url === `members/${memberLoginResult.user.id}`
        ? { status: 200, data: { success: true, data: profile } }
        : { status: 404, data: { success: false, error: 'Not found' } },
    );
    renderModal();
    const owner = screen.getByRole('group', { name: 'Owner 1' });
    await waitFor(() =>
      expect(within(owner).getByLabelText('Member Number')).toHaveValue('M-0001'),
    );
    expect(within(owner).getByLabelText('Name')).toHaveValue('Avery Walker');
    expect(within(owner).getByLabelText('Zip')).toHaveValue('40502');
    expect(within(owner).getByLabelText('State')).toHaveValue('Kentucky');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(profile.email);
    expect(screen.getByLabelText(/Billing Address/)).toHaveValue(
      '1 Barn Road, Lexington, Kentucky 40502',
    );
    expect(requests.some((r) => r.url === `members/${memberLoginResult.user.id}`)).toBe(true);
  });

  it('leaves alone the empty field the member is typing in when the profile arrives', async () => {
    let answerProfile: (() => void) | undefined;
    serve((request) =>
      request.url === `members/${memberLoginResult.user.id}`
        ? new Promise((resolve) => {
            answerProfile = () => resolve({ status: 200, data: { success: true, data: profile } });
          })
        : { status: 404, data: { success: false, error: 'Not found' } },
    );
    const user = userEvent.setup();
    renderModal();
    const email = screen.getByLabelText(/^Email/);
    await user.click(email);
    await waitFor(() => expect(answerProfile).toBeDefined());
    answerProfile?.();
    const owner = screen.getByRole('group', { name: 'Owner 1' });
    await waitFor(() =>
      expect(within(owner).getByLabelText('Member Number')).toHaveValue('M-0001'),
    );
    expect(email).toHaveFocus();
    expect(email).toHaveValue('');
    await user.keyboard('casey@example.org');
    expect(email).toHaveValue('casey@example.org');
  });

  it('the office registering for a member fills from that member (GET admin/members/:id)', async () => {
    storeSession(adminLoginResult);
    const chosen = {
      ...profile,
      id: 'm-42',
      memberNumber: 'M-0042',
      firstName: 'Jordan',
      lastName: 'Reed',
    };
    const requests = serve((request) =>
      request.url === 'admin/members/m-42'
        ? { status: 200, data: { success: true, data: chosen } }
        : { status: 404, data: { success: false, error: 'Not found' } },
    );
    renderModal({ saveRegister: vi.fn(), onBehalfOf: 'm-42' });
    const owner = screen.getByRole('group', { name: 'Owner 1' });
    await waitFor(() =>
      expect(within(owner).getByLabelText('Member Number')).toHaveValue('M-0042'),
    );
    expect(within(owner).getByLabelText('Name')).toHaveValue('Jordan Reed');
    expect(within(owner).getByLabelText('Address')).toHaveValue('1 Barn Road');
    // The office's own profile is never read for someone else's horse.
    expect(requests.some((r) => r.url.startsWith('members/'))).toBe(false);
  });

  it('an office form without a chosen member asks nothing and stays blank', async () => {
    storeSession(adminLoginResult);
    const requests = serve(() => ({ status: 404, data: { success: false, error: 'x' } }));
    renderModal({ saveRegister: vi.fn() });
    const owner = screen.getByRole('group', { name: 'Owner 1' });
    expect(within(owner).getByLabelText('Member Number')).toHaveValue('');
    expect(requests).toHaveLength(0);
  });
  it('only a co-owner (owner 2) can be marked as not a member', async () => {
    storeSession(adminLoginResult);
    serve(() => ({ status: 404, data: { success: false, error: 'x' } }));
    const user = userEvent.setup();
    renderModal({ saveRegister: vi.fn() });
    expect(screen.queryByLabelText(/Not a member of the association/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Joint' }));
    const second = screen.getByRole('group', { name: 'Owner 2' });
    const mark = within(second).getByLabelText(/Not a member of the association/);
    await user.click(mark);
    expect(mark).toBeChecked();
    const first = screen.getByRole('group', { name: 'Owner 1' });
    expect(within(first).queryByLabelText(/Not a member/)).not.toBeInTheDocument();
  });
});
