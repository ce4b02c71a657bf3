import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });

const serveFake = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

function serve(horse: ReturnType<typeof adminHorse>, answer: (r: HttpRequest) => unknown) {
  return serveFake((config) => {
    if (config.url.startsWith('admin/payment-')) return answer(config) as never;
    return {
      status: 200,
      data: { success: true, data: { items: [horse], total: 1, page: 1, pageSize: 10 } },
    };
  });
}

async function openMore(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^More/ }, { timeout: 30_000 }));
}

describe('Horse List: payments (admin)', () => {
  it('records a check taken at the office and refreshes the list', async () => {
    const horse = adminHorse({ _id: 'h1', paymentStatus: 'unpaid' });
    const requests = serve(horse, () => ({
      status: 200,
      data: {
        success: true,
        message: PAYMENT_MESSAGES.paymentRecorded,
        paymentStatus: 'succeeded',
      },
    }));
    const user = userEvent.setup();
    const { store } = renderApp('/admin/horse-list');
    await openMore(user);
    expect(screen.queryByRole('button', { name: /^Undo payment/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Record payment/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Record a payment for/ });
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'cash');
    await user.type(within(dialog).getByLabelText(/^Reference/), 'Receipt 12');
    await user.type(within(dialog).getByLabelText(/^Note/), 'Paid at the show');
    await user.click(within(dialog).getByLabelText('The DNA fee was prepaid with it'));
    const lists = requests.filter((r) => r.url === 'admin/horses').length;
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'success',
        message: PAYMENT_MESSAGES.paymentRecorded,
      }),
    );
    const sent = requests.find((r) => r.url === 'admin/payment-process/h1');
    expect(sent?.data).toEqual({
      method: 'cash',
      reference: 'Receipt 12',
      note: 'Paid at the show',
      fees: { prepayDNAFee: true },
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.url === 'admin/horses').length).toBe(lists + 1),
    );
  });

  it('undoes a payment only with a reason, and shows the server refusal', async () => {
    const horse = adminHorse({ _id: 'h2', paymentStatus: 'paid' });
    const requests = serve(horse, () => ({
      status: 409,
      data: { success: false, error: PAYMENT_MESSAGES.nothingToReverse },
    }));
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await openMore(user);
    expect(screen.queryByRole('button', { name: /^Record payment/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Undo payment/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Undo the payment of/ });
    await user.click(within(dialog).getByRole('button', { name: 'Undo payment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.reasonRequired);
    expect(requests.some((r) => r.url === 'admin/payment-void/h2')).toBe(false);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Check bounced');
    await user.click(within(dialog).getByRole('button', { name: 'Undo payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PAYMENT_MESSAGES.nothingToReverse,
    );
    expect(requests.find((r) => r.url === 'admin/payment-void/h2')?.data).toEqual({
      reason: 'Check bounced',
    });
  });

  it("charges the member's card through the provider: card fields, amount from the fee table, no card number sent", async () => {
    const horse = adminHorse({
      _id: 'h3',
      paymentStatus: 'unpaid',
      performanceVerification: 'Yes',
    });
    const requests = serve(horse, () => ({
      status: 200,
      data: {
        success: true,
        message: PAYMENT_MESSAGES.registered,
        paymentStatus: 'succeeded',
        paymentIntentId: 'pi_sandbox_1',
        url: null,
      },
    }));
    const user = userEvent.setup();
    const { store } = renderApp('/admin/horse-list');
    await openMore(user);
    await user.click(screen.getByRole('button', { name: /^Record payment/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Record a payment for/ });
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'card');
    expect(within(dialog).queryByLabelText(/^Reference/)).not.toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText('Card Number'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Expiration Date'), '1234');
    await user.type(within(dialog).getByLabelText('CVV'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Charge $50.00' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the name on the card.');
    // A refusal keeps what was typed: the card fields are not mounted afresh.
    expect(within(dialog).getByLabelText('Card Number')).toHaveValue('4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Name on the card'), 'Jane Rider');
    await user.click(within(dialog).getByRole('button', { name: 'Charge $50.00' }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'success',
        message: PAYMENT_MESSAGES.registered,
      }),
    );
    const sent = requests.find((r) => r.url === 'admin/payment-process/h3');
    expect(sent?.data).toMatchObject({
      method: 'card',
      accountHolderName: 'Jane Rider',
      checkedAgreement: false,
      fees: { prepayDNAFee: false },
    });
    expect(String((sent?.data as { paymentMethodId: string }).paymentMethodId)).toMatch(
      /^pm_sandbox_card_succeeds_4242_/,
    );
    expect(JSON.stringify(sent?.data)).not.toContain('4242424242424242');
  });

  it('debits a bank account only once the holder’s authorisation (the mandate shown) is ticked', async () => {
    const horse = adminHorse({ _id: 'h4', paymentStatus: 'failed' });
    const requests = serve(horse, () => ({
      status: 200,
      data: {
        success: true,
        message: PAYMENT_MESSAGES.bankProcessing,
        paymentStatus: 'processing',
        paymentIntentId: 'pi_sandbox_2',
        url: null,
      },
    }));
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await openMore(user);
    await user.click(screen.getByRole('button', { name: /^Record payment/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Record a payment for/ });
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'bank');
    await user.type(within(dialog).getByLabelText('Account holder name'), 'Jane Rider');
    await user.type(within(dialog).getByLabelText('Routing number'), '110000000');
    await user.type(within(dialog).getByLabelText('Account number'), '000123456789');
    const authorized = within(dialog).getByLabelText(/^The account holder gave this authorization/);
    expect(authorized).toHaveAccessibleDescription(/debit the bank account given above once/);
    await user.click(within(dialog).getByRole('button', { name: 'Charge $30.00' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.agreementRequired);
    expect(requests.some((r) => r.url === 'admin/payment-process/h4')).toBe(false);
    // The box, found after the refusal has rendered.
    const box = within(dialog).getByLabelText(/^The account holder gave this authorization/);
    await user.click(box);
    expect(box).toBeChecked();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Charge $30.00' }));
    await waitFor(
      () => {
        expect(within(dialog).queryByRole('alert')).toBeNull();
        expect(requests.find((r) => r.url === 'admin/payment-process/h4')?.data).toMatchObject({
          method: 'bank',
          checkedAgreement: true,
          accountHolderName: 'Jane Rider',
        });
      },
      { timeout: 10_000 },
    );
    const sent = JSON.stringify(requests.find((r) => r.url === 'admin/payment-process/h4')?.data);
    expect(sent).toMatch(/pm_sandbox_bank_settles_6789_/);
    expect(sent).not.toContain('000123456789');
  });

  it('asks a bank debit for both numbers first, and each opening starts afresh', async () => {
    const horse = adminHorse({ _id: 'h5', paymentStatus: 'unpaid' });
    const requests = serve(horse, () => ({ status: 500, data: { success: false, error: 'x' } }));
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await openMore(user);
    await user.click(screen.getByRole('button', { name: /^Record payment/ }));
    let dialog = await screen.findByRole('dialog', { name: /^Record a payment for/ });
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'bank');
    await user.type(within(dialog).getByLabelText('Account holder name'), 'Jane Rider');
    await user.type(within(dialog).getByLabelText('Routing number'), '110000000');
    await user.click(within(dialog).getByRole('button', { name: 'Charge $30.00' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      PAYMENT_MESSAGES.bankNumbersRequired,
    );
    await user.type(within(dialog).getByLabelText('Account number'), '0');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(requests.some((r) => r.url.startsWith('admin/payment-'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openMore(user);
    await user.click(screen.getByRole('button', { name: /^Record payment/ }));
    dialog = await screen.findByRole('dialog', { name: /^Record a payment for/ });
    expect(within(dialog).getByLabelText('Payment method')).toHaveValue('check');
    expect(within(dialog).getByRole('button', { name: 'Record payment' })).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
