import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderWithStore } from '../../test/render-with-store';
import { addressFill } from './profile-gap-fields';
import { TransferDialog } from './transfer-dialog';

vi.setConfig({ testTimeout: 20_000 });
const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const bob = {
  id: '5b0c2a4e-0000-4000-8000-000000000011',
  email: 'bob@example.org',
  name: 'Bob Buyer',
  firstName: 'Bob',
  lastName: 'Buyer',
  memberNumber: 'M-11',
  active: true,
  phone: null,
  address: null,
  city: 'Franklin',
  state: null,
  zip: '',
  hasPassword: true,
  horseCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('Transfer dialog: gaps in the new owner’s profile', () => {
  it('names what the profile lacks, asks for it and sends only what was typed', async () => {
    const requests = serve((config) => {
      if (config.url === 'admin/members/search') {
        return { status: 200, data: { success: true, data: { items: [bob], total: 1 } } };
      }
      if (config.url === `admin/members/${bob.id}`) {
        return { status: 200, data: { success: true, data: bob } };
      }
      return { status: 200, data: { success: true, data: {}, message: 'Ownership transferred' } };
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithStore(
      <TransferDialog horse={adminHorse()} visible onClose={vi.fn()} onDone={onDone} />,
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('New owner'), 'bob');
    await user.click(await within(dialog).findByRole('button', { name: /Bob Buyer/ }));
    const gaps = await within(dialog).findByRole('group', {
      name: "Bob Buyer's profile has no address, state, zip",
    });
    expect(within(gaps).queryByLabelText('City')).not.toBeInTheDocument();
    await user.type(within(gaps).getByLabelText('Address'), '4 Office Lane');
    await user.selectOptions(within(gaps).getByLabelText('State'), 'Tennessee');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Ownership transferred'));
    expect(requests.find((r) => r.method === 'post')?.data).toEqual({
      horseId: 'h1',
      version: 1,
      newOwnerId: bob.id,
      newOwnerAddress: { address: '4 Office Lane', state: 'Tennessee' },
    });
  });

  it('addressFill leaves out blank fields and is undefined when nothing was typed', () => {
    expect(addressFill({ address: '  ', zip: '37064 ' })).toEqual({ zip: '37064' });
    expect(addressFill({})).toBeUndefined();
  });
});
