import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { withFakeTransport, type FakeReply, type HttpRequest } from '../../test/fake-transport';
import { memberLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { storedHorse } from './registration/test-values';

vi.setConfig({ testTimeout: 30_000 });

const serveFake = withFakeTransport();
beforeEach(() => {
  storeSession(memberLoginResult);
});

const waiting = storedHorse({
  _id: 'h9',
  firstChoice: 'Stuck',
  paymentStatus: 'requires_action',
  paymentIntentId: 'pi_sandbox_9',
});
const refunded = storedHorse({ _id: 'h10', firstChoice: 'Returned', paymentStatus: 'refunded' });

function serve(cancel: () => FakeReply) {
  return serveFake((config: HttpRequest) => {
    if (config.url === 'members/payment-process/h9/cancel') return cancel();
    if (config.url === 'config') return { status: 200, data: { success: true, data: {} } };
    return {
      status: 200,
      data: {
        success: true,
        data: { items: [waiting, refunded], total: 2, page: 1, pageSize: 10 },
      },
    };
  });
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
  return within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name))!;
}

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
