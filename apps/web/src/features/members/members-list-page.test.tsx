import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '../../lib/admin-types';
import { okReply, refusedReply, withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { openedDialog } from '../../test/opened-dialog';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const member = (id: string, name: string, active: boolean): Member => ({
  id,
  email: `${id}@example.org`,
  memberNumber: `M-${id}`,
  firstName: name,
  lastName: 'Rider',
  name: `${name} Rider`,
  phone: null,
  address: null,
  city: 'Nashville',
  state: null,
  zip: null,
  active,
  hasPassword: true,
  horseCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const page = (items: Member[], total = items.length) =>
  okReply({ items, total, page: 1, pageSize: 10 });

describe('Members List', () => {
  it('sends search, sorting and paging to the server', async () => {
    const requests = serve(() => page([member('a', 'Ann', true)], 25));
    const user = userEvent.setup();
    // The shell asks for other things too (the waiting-work count): read the list's requests.
    const lastList = () => requests.filter((r) => r.url === 'admin/members').at(-1);
    renderApp('/admin/members-list');
    await screen.findByRole('table', {}, { timeout: 5000 });
    expect(lastList()).toMatchObject({
      url: 'admin/members',
      params: { page: 1, pageSize: 10, sort: 'name', order: 'asc' },
    });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastList()?.params).toMatchObject({ page: 3 }));

    await user.click(screen.getByRole('button', { name: /City/ }));
    await waitFor(() =>
      expect(lastList()?.params).toMatchObject({ page: 1, sort: 'city', order: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: /City/ }));
    await waitFor(() => expect(lastList()?.params).toMatchObject({ order: 'desc' }));

    await user.type(screen.getByLabelText('Name, email, member number or city'), 'nash');
    await waitFor(() => expect(lastList()?.params).toMatchObject({ q: 'nash', page: 1 }));
  });

  it('says the order of a searched answer in name order: whole last names first', async () => {
    const requests = serve(() => page([member('a', 'Ann', true)]));
    const user = userEvent.setup();
    const lastList = () => requests.filter((r) => r.url === 'admin/members').at(-1);
    renderApp('/admin/members-list');
    await screen.findByRole('table', {}, { timeout: 5000 });
    const order = /those whose last name is the search first, then every other match/;
    expect(screen.queryByText(order)).toBeNull();

    await user.type(screen.getByLabelText('Name, email, member number or city'), 'rider');
    await waitFor(() => expect(lastList()?.params).toMatchObject({ q: 'rider' }));
    expect(await screen.findByText(order)).toBeVisible();

    // Another sort keeps one order over every match: nothing to say.
    await user.click(screen.getByRole('button', { name: /City/ }));
    await waitFor(() => expect(lastList()?.params).toMatchObject({ sort: 'city' }));
    await waitFor(() => expect(screen.queryByText(order)).toBeNull());
  });

  it('chooses activate or deactivate by the current state, asking before deactivating', async () => {
    const requests = serve((config) =>
      config.method === 'get'
        ? page([member('a', 'Ann', true), member('b', 'Bob', false)])
        : okReply(member('x', 'X', true), 'Done'),
    );
    const user = userEvent.setup();
    renderApp('/admin/members-list');
    await screen.findByRole('table', {}, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Activate Bob Rider' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'put' && r.url === 'admin/member/b/activate')).toBe(
        true,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Deactivate Ann Rider' }));
    const dialog = await screen.findByRole('dialog');
    expect(requests.some((r) => r.url === 'admin/member/a/deactivate')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'put' && r.url === 'admin/member/a/deactivate'),
      ).toBe(true),
    );
    expect(requests.some((r) => r.url === 'admin/member/a/activate')).toBe(false);
  });

  it('shows the server refusal when deleting a member who owns horses', async () => {
    serve((config) =>
      config.method === 'delete'
        ? refusedReply(409, 'This member owns 2 horses. Transfer them before deleting.')
        : page([{ ...member('a', 'Ann', true), horseCount: 2 }]),
    );
    const user = userEvent.setup();
    renderApp('/admin/members-list');
    await user.click(
      await screen.findByRole('button', { name: 'More actions for Ann Rider' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Ann Rider' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Transfer them before deleting',
    );
  });

  it('shows uniqueness errors from the server on the field', async () => {
    serve((config) =>
      config.method === 'post'
        ? refusedReply(409, 'A member with this email already exists', 'email')
        : page([]),
    );
    const user = userEvent.setup();
    renderApp('/admin/members-list');
    await user.click(await screen.findByRole('button', { name: 'New member' }, { timeout: 5000 }));
    const dialog = await openedDialog();
    await user.click(within(dialog).getByLabelText('First name *'));
    await user.paste('Ann');
    await user.click(within(dialog).getByLabelText('Last name *'));
    await user.paste('Rider');
    await user.click(within(dialog).getByLabelText('Email *'));
    await user.paste('ann@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Create member' }));
    const email = within(dialog).getByLabelText('Email *');
    await waitFor(
      () => expect(email).toHaveAccessibleDescription('A member with this email already exists'),
      { timeout: 5000 },
    );
  });

  it('blocks the import commit while the preview has row errors', async () => {
    const report = (errors: boolean) => ({
      status: 200,
      data: {
        success: true,
        data: {
          mode: 'preview',
          totalRows: 2,
          errorRows: errors ? 1 : 0,
          imported: 0,
          rows: [
            { row: 2, values: { email: 'a@example.org', firstName: 'A' }, errors: {} },
            {
              row: 3,
              values: { email: 'bad', firstName: 'B' },
              errors: errors ? { email: 'Please enter a valid email' } : {},
            },
          ],
        },
      },
    });
    let withErrors = true;
    const requests = serve((config) =>
      config.url?.startsWith('admin/members/import') ? report(withErrors) : page([]),
    );
    const user = userEvent.setup();
    renderApp('/admin/members-list');
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    const csv = new File(['email,firstName,lastName\n'], 'members.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv);
    const preview = await within(dialog).findByRole('table', { name: 'Import preview' });
    expect(within(preview).getByText('email: Please enter a valid email')).toBeInTheDocument();
    expect(within(preview).getByText('3')).toBeInTheDocument();
    // The button counts only the rows that can be imported (issue 29 §4: "Import 5 members"
    // while 2 rows had errors), in the singular for one.
    expect(within(dialog).getByRole('button', { name: 'Import 1 member' })).toBeDisabled();

    withErrors = false;
    await user.upload(within(dialog).getByLabelText('CSV file'), csv);
    const commit = within(dialog).getByRole('button', { name: 'Import 2 members' });
    await waitFor(() => expect(commit).toBeEnabled());
    await user.click(commit);
    await waitFor(() =>
      expect(requests.some((r) => r.url === 'admin/members/import?mode=commit')).toBe(true),
    );
  });
});
