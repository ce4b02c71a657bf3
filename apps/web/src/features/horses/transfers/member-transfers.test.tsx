import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_TRANSFER_MESSAGES, type MemberTransfer } from '@registry/domain';
import type { HttpRequest } from '../../../lib/api-client';
import { STUB_PNG_DATA_URL } from '../../../test/canvas-stub';
import { drawStroke } from '../../../test/draw-stroke';
import {
  createdReply,
  okReply,
  pageReply,
  refusedReply,
  type FakeReply,
} from '../../../test/fake-transport';
import { memberTransfer } from '../../../test/member-transfer';
import { openedDialog } from '../../../test/opened-dialog';
import { renderApp } from '../../../test/render-app';
import { rowOf } from '../../../test/my-horses-server';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { storedHorse } from '../registration/test-values';

vi.setConfig({ testTimeout: 30_000 });

const approved = storedHorse({
  _id: 'h1',
  firstChoice: 'Silver Dancer',
  approvedName: 'Silver Dancer',
  approvalStatus: 'approved',
  paymentStatus: 'paid',
  registrationNum: 'GH-0001',
});

const serve = serveSignedInMember();
/** My Horses against a fake API: the horse list, my transfers, and `answer` for the rest. */
function myHorses(
  transfers: MemberTransfer[],
  answer: (request: HttpRequest) => FakeReply | undefined = () => undefined,
) {
  return serve((request) => {
    const given = answer(request);
    if (given) return given;
    if (request.url === 'members/transfers' && request.method === 'get') {
      return okReply({ transfers, terms: { feeCents: 2500, payer: 'buyer' } });
    }
    if (request.url === 'config') return okReply({});
    return pageReply([approved]);
  });
}

/** A stroke on the open signature pad, then Save. */
async function sign(user: ReturnType<typeof userEvent.setup>, button: string) {
  await user.click(screen.getByRole('button', { name: button }));
  const pad = await openedDialog(button);
  const canvas = pad.querySelector('canvas')!;
  drawStroke(canvas, [
    [20, 20],
    [90, 50],
  ]);
  await user.click(within(pad).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: button })).not.toBeInTheDocument(),
  );
}

describe('My Horses: starting a transfer', () => {
  it('sends the buyer, the sale date and the signature; shows the fee terms and field errors', async () => {
    let refuse = true;
    const requests = myHorses([], (request) => {
      if (request.url !== 'members/transfers' || request.method !== 'post') return undefined;
      if (refuse) {
        refuse = false;
        return refusedReply(400, MEMBER_TRANSFER_MESSAGES.buyerNotFound, 'buyer');
      }
      return createdReply(memberTransfer(), MEMBER_TRANSFER_MESSAGES.started);
    });
    const user = userEvent.setup();
    const { store } = renderApp('/horse-list');
    const row = await rowOf('Silver Dancer');
    await user.click(within(row).getByRole('button', { name: /^Transfer/ }));
    const dialog = await openedDialog('Transfer Silver Dancer');
    expect(dialog).toHaveTextContent('The transfer fee is $25.00; the buyer pays it online');

    // Nothing typed: the domain's rules answer at the fields, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Sign and start transfer' }));
    expect(await within(dialog).findByText(MEMBER_TRANSFER_MESSAGES.buyerRequired)).toBeVisible();
    expect(
      within(dialog).getByText(MEMBER_TRANSFER_MESSAGES.sellerSignatureRequired),
    ).toBeVisible();
    expect(requests.some((r) => r.method === 'post')).toBe(false);

    await user.type(within(dialog).getByLabelText(/member number or email/), 'M-0099');
    fireEvent.change(within(dialog).getByLabelText('Sale date'), {
      target: { value: '2026-11-20' },
    });
    await sign(user, "Seller's signature");
    await user.click(within(dialog).getByRole('button', { name: 'Sign and start transfer' }));
    expect(await within(dialog).findByText(MEMBER_TRANSFER_MESSAGES.buyerNotFound)).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/member number or email/));
    await user.type(within(dialog).getByLabelText(/member number or email/), 'M-0002');
    await user.click(within(dialog).getByRole('button', { name: 'Sign and start transfer' }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)?.message).toBe(MEMBER_TRANSFER_MESSAGES.started),
    );
    const posts = requests.filter((r) => r.method === 'post' && r.url === 'members/transfers');
    expect(posts.at(-1)?.data).toEqual({
      horseId: 'h1',
      buyer: 'M-0002',
      saleDate: '2026-11-20',
      sellerSignature: STUB_PNG_DATA_URL,
    });
  });

  it('a horse being sold shows "Transfer open" instead of Edit and Transfer', async () => {
    myHorses([memberTransfer({ role: 'seller', horse: { ...memberTransfer().horse, id: 'h1' } })]);
    renderApp('/horse-list');
    const row = await rowOf('Silver Dancer');
    expect(within(row).getByText('Transfer open')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Transfer/ })).not.toBeInTheDocument();
  });
});

describe('My Horses: the buyer’s side', () => {
  it('accepts with a signature, naming the version read', async () => {
    const requests = myHorses([memberTransfer()], (request) =>
      request.url === 'members/transfers/t1/accept'
        ? okReply(memberTransfer({ status: 'awaiting_payment' }), 'Transfer accepted')
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/horse-list');
    const list = await screen.findByRole('list', { name: 'My transfers' });
    expect(list).toHaveTextContent('From Sam Seller');
    expect(list).toHaveTextContent('Waiting for the buyer');
    await user.click(within(list).getByRole('button', { name: /^Accept/ }));
    const dialog = await openedDialog('Accept Copper Bell');
    expect(dialog).toHaveTextContent('paid online by you');
    await user.click(within(dialog).getByRole('button', { name: 'Sign and accept' }));
    expect(within(dialog).getByText('Sign to accept the transfer')).toBeVisible();
    await sign(user, "Buyer's signature");
    await user.click(within(dialog).getByRole('button', { name: 'Sign and accept' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url === 'members/transfers/t1/accept')?.data).toEqual({
        version: 1,
        buyerSignature: STUB_PNG_DATA_URL,
      }),
    );
  });

  it('declines after a confirmation, with an optional reason', async () => {
    const requests = myHorses([memberTransfer()], (request) =>
      request.url === 'members/transfers/t1/decline'
        ? okReply(memberTransfer({ status: 'declined' }))
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/horse-list');
    const list = await screen.findByRole('list', { name: 'My transfers' });
    await user.click(within(list).getByRole('button', { name: /^Decline/ }));
    const confirm = await openedDialog('Decline transfer');
    await user.type(within(confirm).getByLabelText('Reason (optional)'), 'Not my horse');
    await user.click(within(confirm).getByRole('button', { name: 'Decline transfer' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url === 'members/transfers/t1/decline')?.data).toEqual({
        version: 1,
        reason: 'Not my horse',
      }),
    );
  });

  it('a fee payment waiting for approval offers Pay another way, which cancels it first', async () => {
    const waiting = memberTransfer({
      status: 'awaiting_payment',
      payment: {
        id: 'p1',
        status: 'requires_action',
        method: 'card',
        amountCents: 2500,
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    });
    const requests = myHorses([waiting], (request) =>
      request.url === 'members/transfers/t1/pay/cancel'
        ? { status: 200, data: { success: true, message: 'Payment canceled' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/horse-list');
    const list = await screen.findByRole('list', { name: 'My transfers' });
    expect(within(list).queryByRole('button', { name: /^Pay transfer fee/ })).toBeNull();
    await user.click(within(list).getByRole('button', { name: /^Pay another way/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === 'members/transfers/t1/pay/cancel')).toBe(true),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Pay the transfer fee for Copper Bell' }),
    ).toBeInTheDocument();
  });

  it('offers Pay transfer fee to the payer only, once the buyer has signed', async () => {
    myHorses([
      memberTransfer({ id: 't2', status: 'awaiting_payment' }),
      memberTransfer({
        id: 't3',
        status: 'awaiting_payment',
        feePayer: 'seller',
        horse: { id: 'h8', name: 'Gold Rush', registrationNumber: null, version: 2 },
      }),
    ]);
    renderApp('/horse-list');
    const list = await screen.findByRole('list', { name: 'My transfers' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: /^Pay transfer fee/ })).toBeVisible();
    expect(within(items[1]!).queryByRole('button', { name: /^Pay transfer fee/ })).toBeNull();
    expect(items[1]).toHaveTextContent('paid by the seller');
  });
});
