import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, adminUser, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

function office(waiting: { registrations: number; changeRequests: number }) {
  let chosen = 'immediate';
  return serve((config: HttpRequest) => {
    if (config.url === 'admin/waiting-work') {
      return {
        status: 200,
        data: { success: true, data: { ...waiting, failedPayments: 0, memberTransfers: 0 } },
      };
    }
    if (config.url === 'admin/office-notices' && config.method === 'put') {
      chosen = (JSON.parse(config.data as string) as { officeNotices: string }).officeNotices;
      return {
        status: 200,
        data: { success: true, data: { officeNotices: chosen }, message: 'Office notices saved' },
      };
    }
    if (config.url === 'admin/office-notices') {
      return { status: 200, data: { success: true, data: { officeNotices: chosen } } };
    }
    return { status: 404, data: { success: false, error: 'Not found' } };
  });
}

describe('office notices (issue 29 §3)', () => {
  it('the menu counts the decisions waiting beside the approval queue', async () => {
    office({ registrations: 3, changeRequests: 1 });
    renderApp('/');
    const sidebar = await screen.findByTestId('app-sidebar', {}, { timeout: 20_000 });
    const queue = within(sidebar).getByRole('link', { name: 'Horse Reject/Approve' });
    const item = queue.closest('li')!;
    await waitFor(() =>
      expect(within(item).getByTestId('waiting-work')).toHaveTextContent(
        '4 waiting for a decision',
      ),
    );
    // The link's own name stays as it is: the count sits beside it.
    expect(queue).toHaveAccessibleName('Horse Reject/Approve');
  });

  it('a long queue reads 99+, and none shows no badge', async () => {
    office({ registrations: 100, changeRequests: 0 });
    renderApp('/');
    const sidebar = await screen.findByTestId('app-sidebar', {}, { timeout: 20_000 });
    await waitFor(() =>
      expect(within(sidebar).getByTestId('waiting-work')).toHaveTextContent('99+'),
    );
  });

  it('the dashboard saves how the staff member hears of new work', async () => {
    const requests = office({ registrations: 0, changeRequests: 0 });
    renderApp('/');
    const select = await screen.findByRole(
      'combobox',
      { name: 'Office notices' },
      { timeout: 20_000 },
    );
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('immediate');
    await userEvent.setup({ delay: null }).selectOptions(select, 'One digest a day');
    await waitFor(() =>
      expect(
        requests.find((r) => r.url === 'admin/office-notices' && r.method === 'put')?.data,
      ).toEqual({ officeNotices: 'digest' }),
    );
    await waitFor(() => expect(select).toHaveValue('digest'));
    expect(screen.queryByTestId('waiting-work')).toBeNull();
    expect(screen.getByTestId('office-notice-kinds')).toHaveTextContent(
      'How you hear of new registrations, resubmissions, change requests, member transfers, breeding reports, failed payments, failed refunds and card disputes.',
    );
  });

  it.each([
    [
      'registrar',
      'How you hear of new registrations, resubmissions, change requests, member transfers and breeding reports.',
    ],
    ['treasurer', 'How you hear of failed payments, failed refunds and card disputes.'],
    [
      'read-only',
      'Your role (Read-only) receives no office notices: new work shows on the office pages.',
    ],
  ] as const)('names the notices a %s receives', async (staffRole, text) => {
    storeSession({ ...adminLoginResult, user: { ...adminUser, staffRole } });
    office({ registrations: 0, changeRequests: 0 });
    renderApp('/');
    await screen.findByRole('combobox', { name: 'Office notices' }, { timeout: 20_000 });
    expect(screen.getByTestId('office-notice-kinds')).toHaveTextContent(text);
  });
});
