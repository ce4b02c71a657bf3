import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminHorse } from '../../test/admin-horse';
import { okReply, pageReply, withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const member = (n: number, name: string) => ({
  id: `5b0c2a4e-0000-4000-8000-00000000001${n}`,
  email: `m${n}@example.org`,
  name,
  memberNumber: `M-${n}`,
  active: true,
});
const bob = member(1, 'Bob Buyer');
const cara = member(2, 'Cara Co');

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/admin/horse-list');
  await user.click(await screen.findByRole('button', { name: /^More/ }, { timeout: 15_000 }));
  await user.click(screen.getByRole('button', { name: /^Transfer ownership/ }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('New owner'), 'bob');
  await user.click(await within(dialog).findByRole('button', { name: /Bob Buyer/ }));
  return { user, dialog };
}

describe('Transfer dialog: owners of record', () => {
  it('joint with another member sends ownerType Joint and the co-owner id', async () => {
    const requests = serve((config) => {
      if (config.url === 'admin/members/search') {
        return pageReply((config.params as { q: string }).q === 'cara' ? [cara] : [bob]);
      }
      if (config.method === 'post') return okReply({});
      return pageReply([adminHorse()]);
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Jointly with another member'));
    const transfer = within(dialog).getByRole('button', { name: 'Transfer ownership' });
    await user.click(transfer);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the co-owner');
    await user.type(within(dialog).getByLabelText('Co-owner'), 'cara');
    await user.click(await within(dialog).findByRole('button', { name: /Cara Co/ }));
    expect(dialog).toHaveTextContent('jointly with Cara Co');
    await user.click(transfer);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'post')?.data).toEqual({
        horseId: 'h1',
        version: 1,
        newOwnerId: bob.id,
        ownerType: 'Joint',
        coOwnerId: cara.id,
      }),
    );
  }, 20_000);

  it('joint with a non-member sends their details and shows the server’s field errors', async () => {
    const requests = serve((config) => {
      if (config.url === 'admin/members/search') return pageReply([bob]);
      if (config.method === 'post') {
        return {
          status: 400,
          data: {
            success: false,
            error: 'Zip is required',
            fields: { 'coOwner.zip': 'Zip is required', 'coOwner.city': 'City is required' },
          },
        };
      }
      return pageReply([adminHorse()]);
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Jointly with someone who is not a member'));
    await user.type(within(dialog).getByLabelText('Co-owner name'), 'Pat Doe');
    await user.type(within(dialog).getByLabelText('Co-owner address'), '1 Ridge Road');
    await user.selectOptions(within(dialog).getByLabelText('Co-owner state'), 'Florida');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'post')?.data).toMatchObject({
        ownerType: 'Joint',
        coOwner: { name: 'Pat Doe', address: '1 Ridge Road', city: '', state: 'Florida', zip: '' },
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Zip is required');
    expect(alert).toHaveTextContent('City is required');
  }, 20_000);
});
