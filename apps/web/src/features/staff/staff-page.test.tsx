import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_MESSAGES, type StaffMember } from '@registry/domain';
import { stubbedMatchMedia } from '../../test/match-media';
import { createdReply, okReply, refusedReply, withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { openedDialog } from '../../test/opened-dialog';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const staff = (id: string, name: string, overrides: Partial<StaffMember> = {}): StaffMember => ({
  id,
  email: `${name.toLowerCase()}@office.test`,
  firstName: name,
  lastName: 'Office',
  name: `${name} Office`,
  staffRole: 'registrar',
  status: 'active',
  active: true,
  lastSignInAt: '2026-11-20T15:30:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

// a1 is the signed-in administrator of the fixtures.
const OFFICE = [
  staff('a1', 'Ada', { staffRole: 'administrator' }),
  staff('b', 'Bob'),
  staff('c', 'Cara', { staffRole: 'treasurer', status: 'invited', lastSignInAt: null }),
  staff('d', 'Dan', { staffRole: 'read-only', status: 'deactivated', active: false }),
];
const list = (items: StaffMember[]) => okReply({ items });
const done = (data: unknown, message = 'Done') => okReply(data, message);

describe('Staff page', () => {
  it('lists each staff member with role, status and last sign-in, marking the signed-in one', async () => {
    serve(() => list(OFFICE));
    renderApp('/admin/staff');
    const table = await screen.findByRole('table', { name: 'Office staff' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const ada = within(table).getByRole('rowheader', { name: /Ada Office/ });
    expect(ada).toHaveTextContent('(you)');
    const cara = rows[2]!;
    expect(cara).toHaveTextContent('Cara Office');
    expect(cara).toHaveTextContent('Treasurer');
    expect(cara).toHaveTextContent('Invited');
    expect(cara).toHaveTextContent('Never');
    expect(rows[3]).toHaveTextContent('Read-only');
    expect(rows[3]).toHaveTextContent('Deactivated');
    expect(within(rows[3]!).getByRole('button', { name: 'Reactivate Dan Office' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('Nov 20, 2026');
  });

  it('shows a failed load with Try again, and an empty list', async () => {
    let answer: 'fail' | 'empty' = 'fail';
    serve(() => (answer === 'fail' ? refusedReply(500, 'Database unavailable') : list([])));
    const user = userEvent.setup();
    renderApp('/admin/staff');
    expect(
      await screen.findByText(
        /The staff could not be loaded: Database unavailable/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No staff yet' })).toBeVisible();
  });

  it('invites staff: checks the form, sends address, name and role, shows a taken address at its field', async () => {
    let taken = true;
    const requests = serve((config) => {
      if (config.method === 'get') return list(OFFICE);
      if (taken) {
        taken = false;
        return refusedReply(409, STAFF_MESSAGES.emailTaken, 'email');
      }
      return createdReply(staff('e', 'Eve'), STAFF_MESSAGES.invited);
    });
    const user = userEvent.setup();
    const { store } = renderApp('/admin/staff');
    await user.click(
      await screen.findByRole('button', { name: 'Invite staff' }, { timeout: 10_000 }),
    );
    const dialog = await openedDialog('Invite staff');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Choose a role')).toBeVisible();
    expect(within(dialog).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'post')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Email'), 'eve@office.test');
    await user.type(within(dialog).getByLabelText('First name'), 'Eve');
    await user.type(within(dialog).getByLabelText('Last name'), 'Office');
    // The roles are native radio buttons of one group: Space chooses the focused one.
    await user.click(within(dialog).getByRole('radio', { name: /^Registrar/ }));
    within(dialog)
      .getByRole('radio', { name: /^Treasurer/ })
      .focus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('radio', { name: /^Treasurer/ })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Role' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(STAFF_MESSAGES.emailTaken)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = requests.filter((r) => r.method === 'post');
    expect(posts.at(-1)).toMatchObject({
      url: 'admin/staff',
      data: {
        email: 'eve@office.test',
        firstName: 'Eve',
        lastName: 'Office',
        staffRole: 'treasurer',
      },
    });
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: `${STAFF_MESSAGES.invited} to eve@office.test`,
    });
  });

  it('changes a role, and shows the last-administrator refusal in the dialog', async () => {
    let refuse = true;
    const requests = serve((config) => {
      if (config.method === 'get') return list(OFFICE);
      if (refuse) {
        refuse = false;
        return refusedReply(409, STAFF_MESSAGES.lastAdministrator);
      }
      return done(staff('b', 'Bob', { staffRole: 'treasurer' }), STAFF_MESSAGES.roleChanged);
    });
    const user = userEvent.setup();
    renderApp('/admin/staff');
    await user.click(
      await screen.findByRole('button', { name: 'Change role Ada Office' }, { timeout: 10_000 }),
    );
    let dialog = await openedDialog('Change role of Ada Office');
    expect(within(dialog).getByRole('radio', { name: /^Administrator/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /^Registrar/ }));
    expect(within(dialog).getByText(/This is your own account/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText(STAFF_MESSAGES.lastAdministrator)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Change role Bob Office' }));
    dialog = await openedDialog('Change role of Bob Office');
    await user.click(within(dialog).getByRole('radio', { name: /^Treasurer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'put').at(-1)).toMatchObject({
      url: 'admin/staff/b/role',
      data: { staffRole: 'treasurer' },
    });
  });

  it('asks before deactivating and removing; reactivates at once', async () => {
    const requests = serve((config) =>
      config.method === 'get' ? list(OFFICE) : done({ id: 'x' }),
    );
    const user = userEvent.setup();
    renderApp('/admin/staff');
    await user.click(
      await screen.findByRole('button', { name: 'Deactivate Bob Office' }, { timeout: 10_000 }),
    );
    let dialog = await openedDialog('Deactivate staff member');
    expect(dialog).toHaveTextContent('signed out at once');
    expect(requests.filter((r) => r.method !== 'get')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'More actions for Bob Office' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Office' }));
    dialog = await openedDialog('Remove staff member');
    expect(dialog).toHaveTextContent('the history keeps their name');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Reactivate Dan Office' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method !== 'get').map((r) => `${r.method} ${r.url}`)).toEqual(
        ['put admin/staff/b/deactivate', 'delete admin/staff/b', 'put admin/staff/d/activate'],
      ),
    );
  });
});

describe('Staff page on a phone', () => {
  const setScreen = stubbedMatchMedia();

  it('shows cards instead of a table, each with its actions', async () => {
    setScreen(() => true);
    serve(() => list(OFFICE));
    renderApp('/admin/staff');
    const cards = await screen.findByRole('list', { name: 'Office staff' }, { timeout: 10_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[2]!).getByRole('heading', { name: 'Cara Office' })).toBeVisible();
    expect(items[2]).toHaveTextContent('Treasurer · Last sign-in: Never');
    expect(
      within(items[2]!).getByRole('button', { name: 'Change role Cara Office' }),
    ).toBeVisible();
  });
});
