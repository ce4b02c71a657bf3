import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@registry/domain';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();

/** Signs in (in storage) as an office account of `role`. */
function signInAs(role: StaffRole | null) {
  storeSession({ ...adminLoginResult, user: { ...adminLoginResult.user, staffRole: role } });
  // Every office page's reads: an empty answer is enough for the shell and the refusals.
  serve(() => ({
    status: 200,
    data: { success: true, data: { items: [], total: 0, page: 1, pageSize: 10 } },
  }));
}

async function sidebarLinks(path: string) {
  renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  const sidebar = screen.getByTestId('app-sidebar');
  return within(within(sidebar).getByRole('list'))
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

describe('the office menu by staff role (issue 29 §1)', () => {
  it.each([
    [
      'administrator',
      [
        'Dashboard',
        'Members List',
        'Horse List',
        'Horse Reject/Approve',
        'Dashboard Content',
        'Payments',
        'Staff',
      ],
    ],
    ['registrar', ['Dashboard', 'Members List', 'Horse List', 'Horse Reject/Approve']],
    ['treasurer', ['Dashboard', 'Horse List', 'Payments']],
    ['read-only', ['Dashboard', 'Members List', 'Horse List', 'Horse Reject/Approve', 'Payments']],
  ] as const)('shows a %s only the pages of the role', async (role, items) => {
    signInAs(role);
    expect(await sidebarLinks('/')).toEqual(items);
  });

  it.each([
    ['treasurer', '/admin/members-list', 'Members List'],
    ['registrar', '/admin/payments', 'Payments'],
    ['read-only', '/admin/staff', 'Staff'],
    ['registrar', '/admin/add-content', 'Dashboard Content'],
  ] as const)('tells a %s at %s that the role cannot use it', async (role, path, title) => {
    signInAs(role);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 15_000 }));
    const label = { treasurer: 'Treasurer', registrar: 'Registrar', 'read-only': 'Read-only' }[
      role
    ];
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Your role (${label}) cannot use ${title}. Ask an administrator if you need to.`,
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
  });

  it('names the role in the account menu', async () => {
    signInAs('treasurer');
    await sidebarLinks('/');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByTestId('menu-staff-role')).toHaveTextContent('Treasurer');
  });

  it('an office account without a role sees no office page (fails closed)', async () => {
    signInAs(null);
    expect(await sidebarLinks('/')).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This office account has no staff role yet',
    );
  });
});
