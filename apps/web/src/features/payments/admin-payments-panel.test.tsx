import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createAppStore } from '../../stores/create-store';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { AdminPaymentsPanel } from './admin-payments-panel';

const serve = withFakeTransport();

const bankPayment = {
  id: 'p1',
  provider: 'sandbox',
  method: 'bank',
  providerPaymentId: 'pi_sandbox_1',
  amountCents: 3000,
  status: 'succeeded',
  reference: null,
  note: null,
  failureMessage: null,
  reversalReason: null,
  recordedById: null,
  mandate: {
    checkedAgreement: true,
    version: 'ach-2026-11',
    text: 'I authorize Test Association to debit ... once.',
    acceptedAt: '2026-11-25T04:00:00.000Z',
    ip: '203.0.113.9',
    accountHolderName: 'Pat Payer',
  },
  createdAt: '2026-11-25T04:00:00.000Z',
};

describe('AdminPaymentsPanel', () => {
  it("shows a horse's payments with the debit authorisation, and offers Undo for a paid horse", async () => {
    const requests = serve(() => ({ status: 200, data: { success: true, data: [bankPayment] } }));
    // An administrator: the roles that handle payments are offered Undo (issue 29 §1).
    storeSession(adminLoginResult);
    const user = userEvent.setup();
    render(
      <Provider store={createAppStore()}>
        <AdminPaymentsPanel horse={{ id: 'h1', name: 'Goldie', paymentStatus: 'paid' }} />
      </Provider>,
    );
    const panel = screen.getByRole('region', { name: 'Payments' });
    expect(await within(panel).findByText('$30.00')).toBeInTheDocument();
    expect(requests[0]?.url).toBe('admin/payments/h1');
    expect(within(panel).getByText(/Pat Payer/)).toBeInTheDocument();
    expect(within(panel).getByText(/I authorize Test Association/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Undo payment' }));
    expect(
      await screen.findByRole('dialog', { name: /^Undo the payment of Goldie/ }),
    ).toBeVisible();
  });

  it('offers a registrar the payments but no Record or Undo', async () => {
    serve(() => ({ status: 200, data: { success: true, data: [bankPayment] } }));
    storeSession({
      ...adminLoginResult,
      user: { ...adminLoginResult.user, staffRole: 'registrar' },
    });
    render(
      <Provider store={createAppStore()}>
        <AdminPaymentsPanel horse={{ id: 'h1', name: 'Goldie', paymentStatus: 'paid' }} />
      </Provider>,
    );
    const panel = screen.getByRole('region', { name: 'Payments' });
    expect(await within(panel).findByText('$30.00')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
