import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HORSE_MESSAGES, PAYMENT_MESSAGES } from '@registry/domain';
import type { FakeReply } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';
import { myHorsesServer, rowOf } from '../../test/my-horses-server';
import { storedHorse } from './registration/test-values';

vi.setConfig({ testTimeout: 30_000 });

const failed = storedHorse({
  _id: 'h7',
  firstChoice: 'Dusty',
  paymentStatus: 'failed',
  paymentIntentId: 'pi_sandbox_7',
});
const paid = storedHorse({ _id: 'h8', firstChoice: 'Goldie', paymentStatus: 'paid' });
/** Paid $30, then asked for performance verification: owes the verification fee only. */
const owing = storedHorse({
  _id: 'h9',
  firstChoice: 'Copper',
  paymentStatus: 'unpaid',
  performanceVerification: 'Yes',
  feesPaid: ['registration'],
});

const serveHorses = myHorsesServer([failed, paid, owing]);
const serve = (status: () => FakeReply) => serveHorses('members/stripe/payment-status', status);

describe('My Horses: payments', () => {
  it('offers Pay only to unpaid or failed horses and checks a payment status in words', async () => {
    const requests = serve(() => ({
      status: 200,
      data: { success: true, paymentStatus: 'succeeded' },
    }));
    const user = userEvent.setup();
    const { store } = renderApp('/horse-list');
    const dusty = await rowOf('Dusty');
    const goldie = await rowOf('Goldie');
    expect(within(dusty).getByText('Failed')).toBeInTheDocument();
    expect(within(dusty).getByRole('button', { name: /^Pay/ })).toBeInTheDocument();
    expect(within(goldie).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(
      within(goldie).queryByRole('button', { name: /^Check payment status/ }),
    ).not.toBeInTheDocument();

    const lists = requests.filter((r) => r.url === 'auth/horses').length;
    await user.click(within(dusty).getByRole('button', { name: /^Check payment status/ }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'success',
        message: expect.stringContaining('Payment succeeded'),
      }),
    );
    expect(requests.find((r) => r.url === 'members/stripe/payment-status')?.params).toEqual({
      paymentIntentId: 'pi_sandbox_7',
    });
    // The row is refreshed from the server.
    await waitFor(() =>
      expect(requests.filter((r) => r.url === 'auth/horses').length).toBe(lists + 1),
    );
  });

  it('says "Error checking payment status." when the call fails', async () => {
    serve(() => ({ status: 500, data: { success: false, error: 'down' } }));
    const user = userEvent.setup();
    const { store } = renderApp('/horse-list');
    const dusty = await rowOf('Dusty');
    await user.click(within(dusty).getByRole('button', { name: /^Check payment status/ }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'danger',
        message: PAYMENT_MESSAGES.statusCheckFailed,
      }),
    );
  });

  it('Pay opens section 17 on its own and checks it before any order summary', async () => {
    serve(() => ({ status: 200, data: { success: true, paymentStatus: 'succeeded' } }));
    const user = userEvent.setup();
    renderApp('/horse-list');
    const dusty = await rowOf('Dusty');
    await user.click(within(dusty).getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Pay for/ }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Review and pay' }));
    expect(await within(dialog).findByText(HORSE_MESSAGES.phoneNumberRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Payment Details' })).not.toBeInTheDocument();
  });

  it('a horse that owes the difference of an edit shows the registration fee as paid', async () => {
    serve(() => ({ status: 200, data: { success: true, paymentStatus: 'succeeded' } }));
    const user = userEvent.setup();
    renderApp('/horse-list');
    const copper = await rowOf('Copper');
    await user.click(within(copper).getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Pay for/ }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Registration Fee ($)')).toHaveValue('30 (paid)');
    expect(within(dialog).getByLabelText('Verification Fee ($20)')).toBeChecked();
  });

  it('Pay starts billing from the member’s profile, as registering does (issue 29 §4)', async () => {
    serveHorses('members/m1', () => ({
      status: 200,
      data: {
        success: true,
        data: {
          firstName: 'Olive',
          lastName: 'Owner',
          memberNumber: 'M-1001',
          email: 'owner@example.org',
          phone: '(615) 555-0142',
          address: '8 Stable Row',
          city: 'Franklin',
          state: 'TN',
          zip: '37064',
        },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderApp('/horse-list');
    const dusty = await rowOf('Dusty');
    await user.click(within(dusty).getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Pay for/ }, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('(615) 555-0142'),
    );
    expect(within(dialog).getByLabelText('Email')).toHaveValue('owner@example.org');
    expect(within(dialog).getByLabelText('Account Holder Name')).toHaveValue('Olive Owner');
    expect(within(dialog).getByLabelText('Billing Address')).toHaveValue(
      '8 Stable Row, Franklin, TN 37064',
    );
  });
});
