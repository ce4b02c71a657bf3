import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_TRANSFER_MESSAGES } from '@registry/domain';
import { STUB_PNG_DATA_URL } from '../../test/canvas-stub';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { memberTransfer } from '../../test/member-transfer';
import { openedDialog } from '../../test/opened-dialog';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const ok = (data: unknown): FakeReply => ({ status: 200, data: { success: true, data } });
const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });

/** Signed by both and paid by card: waiting for the office's decision. */
const waiting = memberTransfer({
  status: 'awaiting_office',
  version: 3,
  buyer: { id: 'b1', name: 'Bea Buyer', email: 'bea@example.org', memberNumber: 'M-0004' },
  role: 'office',
  payment: {
    id: 'p1',
    status: 'succeeded',
    method: 'card',
    amountCents: 2500,
    updatedAt: '2026-11-21T10:00:00.000Z',
  },
  sellerSignedAt: '2026-11-20T10:00:00.000Z',
  buyerSignedAt: '2026-11-21T10:00:00.000Z',
  sellerSignature: STUB_PNG_DATA_URL,
  buyerSignature: STUB_PNG_DATA_URL,
  createdAt: '2026-11-20T10:00:00.000Z',
});

function serveOffice(decide: (body: Record<string, unknown>) => FakeReply) {
  return serve((config: HttpRequest) => {
    if (config.method === 'put' && config.url === 'admin/member-transfers/t1') {
      return decide(JSON.parse(config.data as string));
    }
    if (config.method === 'put' && config.url === 'admin/settings/transfers') {
      return { status: 200, data: { success: true, data: JSON.parse(config.data as string) } };
    }
    if (config.url === 'admin/member-transfers') return ok([waiting]);
    if (config.url === 'admin/member-transfers/t1') return ok(waiting);
    if (config.url === 'admin/settings/transfers') {
      return ok({ feeCents: 2500, payer: 'buyer', autoApprove: false });
    }
    return page([]);
  });
}

async function openTransfer() {
  const user = userEvent.setup();
  renderApp('/admin/horse-reject-approve');
  await user.click(
    await screen.findByRole(
      'button',
      { name: 'Review transfer of Copper Bell' },
      { timeout: 10_000 },
    ),
  );
  const dialog = await openedDialog('Transfer of Copper Bell');
  return { user, dialog };
}

describe('Approvals: member transfers', () => {
  it('shows both signatures and the payment, and approves on the versions read', async () => {
    const requests = serveOffice(() => ({
      status: 200,
      data: {
        success: true,
        data: { ...waiting, status: 'approved' },
        message: MEMBER_TRANSFER_MESSAGES.approved,
      },
    }));
    const { user, dialog } = await openTransfer();
    expect(
      within(dialog).getByRole('img', { name: "Seller's signature (signed)" }),
    ).toHaveAttribute('src', STUB_PNG_DATA_URL);
    expect(within(dialog).getByRole('img', { name: "Buyer's signature (signed)" })).toBeVisible();
    expect(dialog).toHaveTextContent('Payment succeeded (card, $25.00)');
    expect(dialog).toHaveTextContent('Sam Seller (member no. M-0003)');
    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'put')?.data).toEqual({
        action: 'approve',
        version: 3,
        horseVersion: 4,
      }),
    );
  }, 20_000);

  it('a rejection needs a reason', async () => {
    const requests = serveOffice(() => ok({ ...waiting, status: 'rejected' }));
    const { user, dialog } = await openTransfer();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject transfer' }));
    expect(within(dialog).getByText(MEMBER_TRANSFER_MESSAGES.reasonRequired)).toBeVisible();
    expect(requests.some((r) => r.method === 'put')).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Papers missing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject transfer' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'put')?.data).toEqual({
        action: 'reject',
        reason: 'Papers missing',
        version: 3,
        horseVersion: 4,
      }),
    );
  }, 20_000);

  it('a 409 shows what changed and offers to review again instead of deciding', async () => {
    serveOffice(() => ({
      status: 409,
      data: {
        success: false,
        error: MEMBER_TRANSFER_MESSAGES.changedSinceReviewed,
        conflict: {
          currentVersion: 4,
          changes: [
            {
              field: 'Transfer status',
              from: 'Waiting for the registry office',
              to: 'Cancelled',
            },
          ],
        },
      },
    }));
    const { user, dialog } = await openTransfer();
    await user.click(within(dialog).getByRole('button', { name: 'Approve transfer' }));
    expect(
      await within(dialog).findByText(MEMBER_TRANSFER_MESSAGES.changedSinceReviewed),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('Cancelled');
    expect(within(dialog).queryByRole('button', { name: 'Approve transfer' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Review again' })).toBeVisible();
  }, 20_000);

  it('saves the transfer settings in cents', async () => {
    const requests = serveOffice(() => ok(waiting));
    const user = userEvent.setup();
    renderApp('/admin/horse-reject-approve');
    await user.click(
      await screen.findByRole('button', { name: 'Transfer settings' }, { timeout: 10_000 }),
    );
    const dialog = await openedDialog('Transfer settings');
    const fee = within(dialog).getByLabelText('Transfer fee ($)');
    await waitFor(() => expect(fee).toHaveValue('25.00'));
    await user.clear(fee);
    await user.type(fee, '0');
    await user.selectOptions(within(dialog).getByLabelText('Paid by'), 'seller');
    await user.click(within(dialog).getByLabelText(/Approve transfers automatically/));
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'put' && r.url === 'admin/settings/transfers')?.data,
      ).toEqual({ feeCents: 0, payer: 'seller', autoApprove: true }),
    );
  }, 20_000);
});
