import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { FakeReply } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';
import { myHorsesServer, rowOf } from '../../test/my-horses-server';
import { storedHorse } from './registration/test-values';

vi.setConfig({ testTimeout: 30_000 });

const waiting = storedHorse({
  _id: 'h9',
  firstChoice: 'Stuck',
  paymentStatus: 'requires_action',
  paymentIntentId: 'pi_sandbox_9',
});
const refunded = storedHorse({ _id: 'h10', firstChoice: 'Returned', paymentStatus: 'refunded' });

const serveHorses = myHorsesServer([waiting, refunded]);
const serve = (cancel: () => FakeReply) => serveHorses('members/payment-process/h9/cancel', cancel);

describe('My Horses: a payment stuck waiting for approval', () => {
  it('offers "Pay another way": cancels the waiting payment, then opens the Pay dialog', async () => {
    const requests = serve(() => ({
      status: 200,
      data: { success: true, message: PAYMENT_MESSAGES.paymentCanceled },
    }));
    const user = userEvent.setup();
    const { store } = renderApp('/horse-list');
    const stuck = await rowOf('Stuck');
    expect(within(stuck).getByText('Action required')).toBeInTheDocument();
    expect(within(stuck).queryByRole('button', { name: /^Pay Stuck/ })).not.toBeInTheDocument();
    // A refunded horse may be paid again and shows why.
    const returned = await rowOf('Returned');
    expect(within(returned).getByText('Refunded')).toBeInTheDocument();
    expect(within(returned).getByRole('button', { name: /^Pay Returned/ })).toBeInTheDocument();

    await user.click(within(stuck).getByRole('button', { name: /^Pay another way/ }));
    const cancel = requests.find((r) => r.url === 'members/payment-process/h9/cancel');
    expect(cancel?.method).toBe('post');
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'info',
        message: PAYMENT_MESSAGES.paymentCanceled,
      }),
    );
    expect(
      await screen.findByRole('dialog', { name: /^Pay for/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('shows the refusal and opens nothing when the payment went through meanwhile', async () => {
    serve(() => ({
      status: 409,
      data: { success: false, error: PAYMENT_MESSAGES.nothingToCancel },
    }));
    const user = userEvent.setup();
    const { store } = renderApp('/horse-list');
    const stuck = await rowOf('Stuck');
    await user.click(within(stuck).getByRole('button', { name: /^Pay another way/ }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'danger',
        message: PAYMENT_MESSAGES.nothingToCancel,
      }),
    );
    expect(screen.queryByRole('dialog', { name: /^Pay for/ })).not.toBeInTheDocument();
  });
});
