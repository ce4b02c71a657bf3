import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminHorse } from '../../lib/admin-types';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

/** The queue of one horse (`current` answers it as it is now) and the decision's answer. */
function serveQueue(
  current: AdminHorse | (() => AdminHorse),
  decide: (body: Record<string, unknown>) => FakeReply,
) {
  const requests = serve((config: HttpRequest) => {
    const horse = typeof current === 'function' ? current() : current;
    if (config.method === 'put') return decide(JSON.parse(config.data as string));
    // The sections under the queue (changes, breeding reports) have nothing waiting.
    if (config.url === 'admin/change-requests' || config.url === 'admin/breeding-reports') {
      return {
        status: 200,
        data: { success: true, data: { items: [], total: 0, page: 1, pageSize: 10 } },
      };
    }
    if (config.url === `admin/horses/${horse._id}`) {
      return { status: 200, data: { success: true, data: { ...horse, history: [] } } };
    }
    return {
      status: 200,
      data: { success: true, data: { items: [horse], total: 1, page: 1, pageSize: 10 } },
    };
  });
  return requests;
}

async function openDialog(decision: 'Approve' | 'Reject') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Review/ }, { timeout: 5000 }));
  const review = await screen.findByRole('dialog', { name: /^Review/ });
  await within(review).findByText('papers.pdf');
  await user.click(within(review).getByRole('button', { name: decision }));
  return { user, dialog: await screen.findByRole('dialog', { name: new RegExp(`^${decision}`) }) };
}

describe('Horse Approve/Reject', () => {
  it('shows the changes to approved records only once the queue above has answered', async () => {
    let answerQueue!: () => void;
    const queueHeld = new Promise<void>((resolve) => (answerQueue = resolve));
    const horse = adminHorse();
    serve(async (config: HttpRequest) => {
      if (config.url === 'admin/change-requests' || config.url === 'admin/breeding-reports') {
        return {
          status: 200,
          data: { success: true, data: { items: [], total: 0, page: 1, pageSize: 10 } },
        };
      }
      await queueHeld;
      return {
        status: 200,
        data: { success: true, data: { items: [horse], total: 1, page: 1, pageSize: 10 } },
      };
    });
    renderApp('/admin/horse-reject-approve');
    await screen.findByText('Loading the queue…', {}, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Changes to approved records' })).toBeNull();
    answerQueue();
    expect(
      await screen.findByRole('heading', { name: 'Changes to approved records' }),
    ).toBeVisible();
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Blue Moon');
  });

  it('lists the queue with payment status and opens files in a new tab', async () => {
    serveQueue(adminHorse({ paymentStatus: 'unpaid' }), () => ({ status: 500 }));
    renderApp('/admin/horse-reject-approve');
    const row = (await screen.findAllByRole('row', {}, { timeout: 5000 }))[1]!;
    expect(row).toHaveTextContent('Blue Moon / Silver Moon / Night Moon');
    expect(row).toHaveTextContent('Unpaid');
    expect(row).not.toHaveTextContent('No breeding report');
    await userEvent.setup().click(within(row).getByRole('button', { name: /Review/ }));
    const link = await screen.findByRole('link', { name: /papers\.pdf/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('href', '/uploads/f1?sig=x');
  });

  it('flags, after its name, a foal no stallion breeding report names in time', async () => {
    serveQueue(Object.assign(adminHorse(), { noBreedingReport: true }), () => ({ status: 500 }));
    renderApp('/admin/horse-reject-approve');
    const row = (await screen.findAllByRole('row', {}, { timeout: 5000 }))[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent(
      /Night Moon\s*No breeding report$/,
    );
  });

  it('requires a name choice, offers VERIFIED only when asked and no override when paid', async () => {
    const horse = adminHorse({ performanceVerification: 'Yes' });
    const bodies: Record<string, unknown>[] = [];
    serveQueue(horse, (body) => {
      bodies.push(body);
      return {
        status: 200,
        data: {
          success: true,
          data: {
            ...horse,
            approvalStatus: 'approved',
            approvedName: 'Silver Moon',
            registrationNum: 'GHR-000042',
          },
        },
      };
    });
    renderApp('/admin/horse-reject-approve');
    const { user, dialog } = await openDialog('Approve');
    expect(within(dialog).queryByLabelText(/Approve although/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the approved name');
    expect(bodies).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/Silver Moon/));
    await user.click(within(dialog).getByLabelText(/VERIFIED/));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('GHR-000042')).toBeInTheDocument();
    expect(bodies).toEqual([
      { action: 'approve', version: 1, approvedName: 'Silver Moon', verified: true },
    ]);
  });

  it('needs the logged override to approve an unpaid registration, and no VERIFIED box unasked', async () => {
    const horse = adminHorse({ paymentStatus: 'unpaid' });
    const bodies: Record<string, unknown>[] = [];
    serveQueue(horse, (body) => {
      bodies.push(body);
      return {
        status: 200,
        data: {
          success: true,
          data: { ...horse, approvedName: 'Blue Moon', registrationNum: 'GHR-1' },
        },
      };
    });
    renderApp('/admin/horse-reject-approve');
    const { user, dialog } = await openDialog('Approve');
    expect(within(dialog).queryByLabelText(/VERIFIED/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Blue Moon/));
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(within(dialog).getByText(/recorded in the audit log/)).toBeInTheDocument();
    await user.click(
      within(dialog).getByLabelText('Approve although the registration is not paid'),
    );
    await user.click(approve);
    await waitFor(() =>
      expect(bodies).toEqual([
        { action: 'approve', version: 1, approvedName: 'Blue Moon', overrideUnpaid: true },
      ]),
    );
  });

  it('will not reject without a reason', async () => {
    const horse = adminHorse();
    const bodies: Record<string, unknown>[] = [];
    serveQueue(horse, (body) => {
      bodies.push(body);
      return {
        status: 200,
        data: {
          success: true,
          data: { ...horse, approvalStatus: 'rejected' },
          message: 'Horse rejected',
        },
      };
    });
    renderApp('/admin/horse-reject-approve');
    const { user, dialog } = await openDialog('Reject');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(
      'A reason is required to reject a registration',
    );
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(bodies).toHaveLength(0);
    // Pasted: CoreUI's modal takes focus back once its opening transition ends, which in
    // jsdom can land between typed keys.
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('Photos are blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ action: 'reject', version: 1, reason: 'Photos are blurred' }]),
    );
  });

  it('a horse changed since it was opened: the approval is refused, the dialog lists what changed, and Review again shows the record as it is now', async () => {
    let horse = adminHorse({ version: 3 });
    const bodies: Record<string, unknown>[] = [];
    serveQueue(
      () => horse,
      (body) => {
        bodies.push(body);
        return {
          status: 409,
          data: {
            success: false,
            error:
              'This horse was changed after you opened it. Review what changed and decide again.',
            conflict: {
              currentVersion: 4,
              changes: [{ field: 'sire.name', from: 'Dark Star', to: 'Forged Champion' }],
            },
          },
        };
      },
    );
    renderApp('/admin/horse-reject-approve');
    const { user, dialog } = await openDialog('Approve');
    await user.click(within(dialog).getByLabelText(/Blue Moon/));
    // The owner edits the sire meanwhile: the server now answers version 4.
    horse = adminHorse({ version: 4, sire: { ...horse.sire, name: 'Forged Champion' } });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('changed after you opened it');
    const changed = within(notice).getByRole('table', { name: 'Changed since you opened it' });
    expect(changed).toHaveTextContent('Sire: name');
    expect(changed).toHaveTextContent('Dark Star');
    expect(changed).toHaveTextContent('Forged Champion');
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(bodies).toEqual([{ action: 'approve', version: 3, approvedName: 'Blue Moon' }]);

    await user.click(within(notice).getByRole('button', { name: 'Review again' }));
    const review = await screen.findByRole('dialog', { name: /^Review/ });
    await waitFor(() =>
      expect(within(review).getAllByText('Forged Champion').length).toBeGreaterThan(0),
    );
    await user.click(within(review).getByRole('button', { name: 'Approve' }));
    const second = await screen.findByRole('dialog', { name: /^Approve/ });
    await user.click(within(second).getByLabelText(/Blue Moon/));
    await user.click(within(second).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ version: 4 });
  });
});
