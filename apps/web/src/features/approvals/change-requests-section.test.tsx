import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeRequest } from '../../lib/admin-types';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const page = <T,>(items: T[]) => ({
  status: 200,
  data: { success: true, data: { items, total: items.length, page: 1, pageSize: 10 } },
});

const request: ChangeRequest = {
  id: 'c1',
  horseId: 'h9',
  horseName: 'Easy Rack',
  registrationNumber: 'GHR-2026-00003',
  owner: {
    id: 'm1',
    email: 'ann@example.org',
    name: 'Ann Rider',
    memberNumber: 'M-1',
    active: true,
  },
  requestedBy: null,
  status: 'pending',
  changes: [
    { field: 'sire.name', from: 'Midnight Sun', to: 'FORGED CHAMPION SIRE' },
    { field: 'color', from: 'Bay', to: '' },
  ],
  version: 1,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

function serveQueue(
  changes: ChangeRequest[],
  decide: (url: string, body: Record<string, unknown>) => FakeReply,
) {
  return serve((config: HttpRequest) => {
    if (config.method === 'put') return decide(config.url, JSON.parse(config.data as string));
    if (config.url === 'admin/change-requests') return page(changes);
    return page([]);
  });
}

async function openChange() {
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: 'Review change to Easy Rack' }, { timeout: 5000 }),
  );
  return { user, dialog: await screen.findByRole('dialog', { name: /^Change to Easy Rack/ }) };
}

describe('Changes to approved records (approval queue)', () => {
  it('lists a change and shows each field as it was and as it would become', async () => {
    serveQueue([request], () => ({ status: 500 }));
    renderApp('/admin/horse-reject-approve');
    const table = await screen.findByRole(
      'table',
      { name: 'Changes to approved records' },
      { timeout: 5000 },
    );
    expect(table).toHaveTextContent('GHR-2026-00003');
    expect(table).toHaveTextContent('Ann Rider');
    expect(table).toHaveTextContent('Sire: name, Color');
    const { dialog } = await openChange();
    const rows = within(
      within(dialog).getByRole('table', { name: 'Requested changes' }),
    ).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sire: nameMidnight SunFORGED CHAMPION SIRE');
    expect(rows[2]).toHaveTextContent('ColorBay—');
  });

  it('approves with one click and rejects only with a reason', async () => {
    const sent: Array<[string, Record<string, unknown>]> = [];
    serveQueue([request], (url, body) => {
      sent.push([url, body]);
      return {
        status: 200,
        data: {
          success: true,
          data: { ...request, status: body.action === 'approve' ? 'approved' : 'rejected' },
          message: 'Done',
        },
      };
    });
    renderApp('/admin/horse-reject-approve');
    let { user, dialog } = await openChange();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(
      'A reason is required to reject a change',
    );
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('Send the papers');
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    await waitFor(() =>
      expect(sent).toEqual([
        ['admin/change-requests/c1', { action: 'reject', version: 1, reason: 'Send the papers' }],
      ]),
    );

    ({ user, dialog } = await openChange());
    await user.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    await waitFor(() =>
      expect(sent[1]).toEqual(['admin/change-requests/c1', { action: 'approve', version: 1 }]),
    );
  });

  it('shows the reviewer why a resubmitted registration was rejected and what changed', async () => {
    const horse = adminHorse({
      resubmission: {
        at: '2026-11-21T10:00:00.000Z',
        previousReason: 'The dam name does not match the papers',
        changes: [{ field: 'dam.name', from: 'Velvet Rose', to: 'Velvet Rosa' }],
      },
    });
    serve((config: HttpRequest) => {
      if (config.url === `admin/horses/${horse._id}`) {
        return { status: 200, data: { success: true, data: { ...horse, history: [] } } };
      }
      if (config.url === 'admin/pending-horses') return page([horse]);
      return page([]);
    });
    renderApp('/admin/horse-reject-approve');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /^Review Blue Moon/ }, { timeout: 5000 }),
    );
    const review = await screen.findByRole('dialog', { name: /^Review/ });
    expect(await within(review).findByText(/Corrected and resubmitted/)).toBeInTheDocument();
    expect(review).toHaveTextContent('The dam name does not match the papers');
    const changes = within(review).getByRole('table', { name: 'Changes since the rejection' });
    expect(changes).toHaveTextContent('Dam: nameVelvet RoseVelvet Rosa');
  });
});
