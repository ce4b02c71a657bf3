import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@registry/domain';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();

function signInAs(role: StaffRole, items: unknown[]) {
  storeSession({ ...adminLoginResult, user: { ...adminLoginResult.user, staffRole: role } });
  serve(() => ({
    status: 200,
    data: { success: true, data: { items, total: items.length, page: 1, pageSize: 10 } },
  }));
}

const member = {
  id: 'm-ann',
  email: 'ann@example.org',
  memberNumber: 'M-1',
  firstName: 'Ann',
  lastName: 'Rider',
  name: 'Ann Rider',
  phone: null,
  address: null,
  city: null,
  state: null,
  zip: null,
  active: true,
  hasPassword: true,
  horseCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** The names of a horse row's actions, the "More" menu's included. */
async function horseRowActions() {
  const user = userEvent.setup();
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  const row = within(table).getAllByRole('row')[1]!;
  const names = within(row)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
  const more = within(row).queryByRole('button', { name: /^More/ });
  if (more) {
    await user.click(more);
    const menu = await screen.findByRole('menu');
    names.push(
      ...within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent ?? ''),
    );
  }
  // Each name ends with the horse's name in hidden text ("Delete Blue Moon / ...").
  return names.map((name) => name.replace(/ (actions for )?Blue Moon.*$/, '').trim());
}

describe('actions a staff role may not take are not offered (issue 29 §1)', () => {
  it('read-only sees the members but no New member, Import CSV or row actions', async () => {
    signInAs('read-only', [member]);
    renderApp('/admin/members-list');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByText('Ann Rider')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });

  it('a registrar keeps the member actions', async () => {
    signInAs('registrar', [member]);
    renderApp('/admin/members-list');
    expect(await screen.findByRole('button', { name: 'New member' }, { timeout: 10_000 }));
    expect(await screen.findByRole('button', { name: 'Edit Ann Rider' })).toBeVisible();
  });

  it('a treasurer gets the payment actions of a horse, not edit, transfer or delete', async () => {
    signInAs('treasurer', [adminHorse({ paymentStatus: 'unpaid' })]);
    renderApp('/admin/horse-list');
    const actions = await horseRowActions();
    expect(actions).toContain('Record payment');
    expect(actions).not.toContain('Edit');
    expect(actions).not.toContain('Transfer ownership');
    expect(actions).not.toContain('Delete');
    expect(screen.queryByRole('button', { name: 'Register horse for a member' })).toBeNull();
  });

  it('a registrar gets edit, transfer and delete of a horse, not its payments', async () => {
    signInAs('registrar', [adminHorse({ paymentStatus: 'unpaid' })]);
    renderApp('/admin/horse-list');
    const actions = await horseRowActions();
    expect(actions).toEqual(expect.arrayContaining(['View', 'Transfer ownership', 'Delete']));
    expect(actions).not.toContain('Record payment');
  });
});
