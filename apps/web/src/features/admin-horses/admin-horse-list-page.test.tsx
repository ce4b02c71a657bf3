import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { openedDialog } from '../../test/opened-dialog';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const bob = {
  id: '5b0c2a4e-0000-4000-8000-000000000002',
  email: 'bob@example.org',
  name: 'Bob Buyer',
  memberNumber: 'M-2',
  active: true,
};

const list = (items: unknown[], total = items.length) => ({
  status: 200,
  data: { success: true, data: { items, total, page: 1, pageSize: 10 } },
});

describe('Horse List (admin)', () => {
  it('sends the filters, sorting and paging it shows', async () => {
    const requests = serve((config) =>
      config.url === 'admin/members/search'
        ? list([bob])
        : list([adminHorse({ approvalStatus: 'approved', registrationNum: 'GHR-7' })], 30),
    );
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await screen.findByRole('table', {}, { timeout: 5000 });
    // The shell asks for other things too (the waiting-work count): read the list's requests.
    expect(requests.filter((r) => r.url === 'admin/horses').at(-1)).toMatchObject({
      url: 'admin/horses',
      params: { page: 1, pageSize: 10, sort: 'createdAt', order: 'desc' },
    });
    await user.selectOptions(screen.getByLabelText('Approval status'), 'approved');
    await user.selectOptions(screen.getByLabelText('Payment status'), 'unpaid');
    await user.selectOptions(screen.getByLabelText('Breeding report'), 'No breeding report');
    await user.type(screen.getByLabelText('Owner'), 'bob');
    await user.click(await screen.findByRole('button', { name: /Bob Buyer/ }));
    await user.click(screen.getByRole('button', { name: /Registration No\./ }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url === 'admin/horses').at(-1)?.params).toEqual({
        page: 2,
        pageSize: 10,
        sort: 'registrationNumber',
        order: 'asc',
        approvalStatus: 'approved',
        paymentStatus: 'unpaid',
        breeding: 'no-report',
        ownerId: bob.id,
      }),
    );
    expect(screen.getByRole('button', { name: /^Download certificate/ })).toBeInTheDocument();
  }, 20_000);

  it('transfers a horse to the member picked by search, with the note', async () => {
    const requests = serve((config) => {
      if (config.url === 'admin/members/search') return list([bob]);
      if (config.method === 'post') {
        return { status: 200, data: { success: true, data: {}, message: 'Ownership transferred' } };
      }
      return list([adminHorse()]);
    });
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await user.click(await screen.findByRole('button', { name: /^More/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: /^Transfer ownership/ }));
    const dialog = await openedDialog();
    const transfer = within(dialog).getByRole('button', { name: 'Transfer ownership' });
    expect(transfer).toBeDisabled();
    await user.type(within(dialog).getByLabelText('New owner'), 'bob');
    await user.click(await within(dialog).findByRole('button', { name: /Bob Buyer/ }));
    await user.type(within(dialog).getByLabelText(/Note/), 'Sold at the spring show');
    await user.click(transfer);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'post')).toMatchObject({
        url: 'admin/transfer-horse-ownership',
        data: { horseId: 'h1', newOwnerId: bob.id, note: 'Sold at the spring show' },
      }),
    );
    expect(requests.find((r) => r.url === 'admin/members/search')?.params).toMatchObject({
      q: 'bob',
    });
  });

  it('edits any horse in the registration modal, loaded from the admin route', async () => {
    const horse = adminHorse();
    const requests = serve((config) =>
      config.url === 'admin/horses/h1'
        ? { status: 200, data: { success: true, data: { ...horse, history: [] } } }
        : list([horse]),
    );
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await user.click(await screen.findByRole('button', { name: /^Edit/ }, { timeout: 5000 }));
    // Asked for again on every try: the dialog shown while the horse loads is replaced by the
    // form's own once it has arrived.
    const editDialog = () => screen.getByRole('dialog', { name: 'Edit Horse' });
    await waitFor(
      () => expect(within(editDialog()).getByLabelText('Breed')).toHaveValue('Racking Horse'),
      { timeout: 10_000 },
    );
    expect(requests.some((r) => r.url === 'admin/horses/h1')).toBe(true);
    expect(requests.some((r) => r.url?.startsWith('members/horses'))).toBe(false);
  }, 30_000);

  it("registers on a member's behalf in the form without its payment section", async () => {
    serve((config) => (config.url === 'admin/members/search' ? list([bob]) : list([])));
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await user.click(
      await screen.findByRole('button', { name: 'Register horse for a member' }, { timeout: 5000 }),
    );
    const chooser = await openedDialog('Register a horse for a member');
    const next = within(chooser).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.type(within(chooser).getByLabelText('Owner'), 'bob');
    await user.click(await within(chooser).findByRole('button', { name: /Bob Buyer/ }));
    await user.click(next);
    const form = await screen.findByRole('dialog', { name: 'Register Horse' }, { timeout: 10_000 });
    await within(form).findByRole('region', { name: 'Owners' }, { timeout: 10_000 });
    expect(
      within(form).queryByRole('region', { name: 'Fees, Billing and Payment' }),
    ).not.toBeInTheDocument();
  }, 30_000);
});
