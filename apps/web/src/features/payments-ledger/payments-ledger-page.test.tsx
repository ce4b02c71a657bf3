import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry } from '@registry/domain';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { openedDialog } from '../../test/opened-dialog';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

function entry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: '7d1f0c4e-0000-4000-8000-000000000001',
    provider: 'sandbox',
    method: 'card',
    providerPaymentId: 'pi_sandbox_0123456789abcdef01234567',
    amountCents: 3000,
    covers: 'registration',
    lines: [{ key: 'registration', label: 'Registration Fee', cents: 3000 }],
    status: 'succeeded',
    refundedCents: 0,
    refunds: [],
    dispute: null,
    agreement: null,
    failureMessage: null,
    reversalReason: null,
    reference: null,
    note: null,
    createdAt: '2025-05-02T15:00:00.000Z',
    updatedAt: '2025-05-02T15:00:00.000Z',
    payer: { id: 'u1', name: 'Ann Rider', email: 'ann@example.org', memberNumber: 'M-0007' },
    recordedBy: null,
    horse: { id: 'h1', name: 'Midnight Glide', registrationNumber: null, deleted: false },
    ...overrides,
  };
}

const withdrawn = entry({
  id: '7d1f0c4e-0000-4000-8000-000000000002',
  horse: { id: 'h2', name: 'Silver Step', registrationNumber: null, deleted: true },
});
const failed = entry({
  id: '7d1f0c4e-0000-4000-8000-000000000003',
  status: 'failed',
  failureMessage: 'Your card was declined.',
  horse: { id: 'h3', name: 'Easy Rack', registrationNumber: null, deleted: false },
});

const page = (items: LedgerEntry[], total = items.length, totalIsEstimate = false) => ({
  status: 200,
  data: { success: true, data: { items, total, totalIsEstimate, page: 1, pageSize: 25 } },
});

describe('Payments (office)', () => {
  it('lists every payment, a withdrawn registration by name, and sends the filters', async () => {
    const requests = serve(() => page([entry(), withdrawn, failed], 60));
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/payments');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const silver = within(table).getByText('Silver Step').closest('tr');
    expect(silver).toHaveTextContent(/Silver Stepwithdrawn/);
    expect(within(table).getByText('Your card was declined.')).toBeInTheDocument();
    expect(within(table).getAllByText('Ann Rider')).toHaveLength(3);
    // A refund is offered for the payments that went through, nothing for the failed one.
    expect(within(table).getAllByRole('button', { name: /^Refund/ })).toHaveLength(2);
    expect(screen.getByText('60 payments')).toBeInTheDocument();
    // The shell asks for other things too (the waiting-work count): read the ledger's requests.
    expect(requests.filter((r) => r.url === 'admin/payments').at(-1)).toMatchObject({
      url: 'admin/payments',
      params: { page: 1, pageSize: 25 },
    });

    await user.selectOptions(screen.getByLabelText('Status'), 'refunded');
    await user.selectOptions(screen.getByLabelText('Method'), 'check');
    await user.type(screen.getByLabelText('From'), '2025-05-01');
    await user.type(screen.getByLabelText('Horse, member, reference or payment id'), 'M-0007');
    await waitFor(
      () =>
        expect(requests.filter((r) => r.url === 'admin/payments').at(-1)?.params).toEqual({
          page: 1,
          pageSize: 25,
          tz: expect.any(String),
          status: 'refunded',
          method: 'check',
          from: '2025-05-01',
          q: 'M-0007',
        }),
      { timeout: 5000 },
    );
  }, 40_000);

  it('refunds with a reason, naming the status shown; a payment changed meanwhile is explained', async () => {
    let answer = {
      status: 409,
      data: {
        success: false,
        error: 'This payment changed since you looked at it. Check it again.',
        currentStatus: 'refunded',
      },
    };
    const requests = serve((request) => (request.method === 'post' ? answer : page([entry()])));
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: /^Refund/ }, { timeout: 15_000 }));
    const dialog = await openedDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Refund $30.00' });
    // A reason is required before anything is sent.
    await user.click(confirm);
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'post')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Registration withdrawn');
    await user.click(confirm);
    expect(
      await within(dialog).findByText(
        'This payment changed since you looked at it. Check it again. It is now: Refunded.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'post').at(-1)).toMatchObject({
      url: `admin/payments/${entry().id}/reverse`,
      data: { status: 'succeeded', reason: 'Registration withdrawn' },
    });

    answer = {
      status: 200,
      data: {
        success: true,
        message: 'Payment refunded',
        data: { reversal: 'refunded', payment: entry({ status: 'refunded' }) },
      } as never,
    };
    const listed = requests.filter((r) => r.url === 'admin/payments').length;
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    // The ledger asks again (and the Horse List, whose payment status moved).
    await waitFor(() =>
      expect(requests.filter((r) => r.url === 'admin/payments').length).toBeGreaterThan(listed),
    );
  }, 20_000);

  it('notes a partial refund in the row and refunds only what is left of it', async () => {
    const partly = entry({
      refundedCents: 1000,
      refunds: [
        {
          id: 're_1',
          amountCents: 1000,
          status: 'succeeded',
          failureReason: null,
          createdAt: '2025-05-03T15:00:00.000Z',
          updatedAt: '2025-05-03T15:00:00.000Z',
        },
      ],
    });
    serve(() => page([partly]));
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/payments');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    expect(within(table).getByText('$10.00 of $30.00 refunded')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Refund/ }));
    const dialog = await openedDialog();
    expect(within(dialog).getByRole('button', { name: 'Refund $20.00' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('$10.00 of it was refunded already');
  }, 30_000);

  it('says "1,000+ payments" when the server counted only so far, and offers the next page', async () => {
    serve(() => page([entry(), withdrawn, failed], 1000, true));
    renderApp('/admin/payments');
    expect(await screen.findByText('1,000+ payments', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('1,000 payments')).not.toBeInTheDocument();
    // 1,000 counted are 40 pages of 25; one page more is offered, as on the horse lists.
    const pager = screen.getByRole('navigation', { name: 'Payment pages' });
    expect(within(pager).getByRole('button', { name: /41/ })).toBeInTheDocument();
  }, 20_000);

  it('says when there are no payments, and when they could not be loaded', async () => {
    let fail = true;
    serve(() =>
      fail ? { status: 500, data: { success: false, error: 'Server error' } } : page([]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/payments');
    expect(
      await screen.findByText(/The payments could not be loaded/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  }, 20_000);

  it('shows the reconciliation by day and method with its totals', async () => {
    const requests = serve((request) =>
      request.url === 'admin/payments/reconciliation'
        ? {
            status: 200,
            data: {
              success: true,
              data: {
                from: '2025-05-01',
                to: '2025-05-31',
                timeZone: 'UTC',
                rows: [
                  {
                    day: '2025-05-02',
                    method: 'card',
                    payments: 2,
                    grossCents: 6000,
                    refunds: 0,
                    refundedCents: 0,
                    disputes: 0,
                    disputedCents: 0,
                    netCents: 6000,
                  },
                  {
                    day: '2025-05-03',
                    method: 'check',
                    payments: 1,
                    grossCents: 3000,
                    refunds: 1,
                    refundedCents: 3000,
                    disputes: 0,
                    disputedCents: 0,
                    netCents: 0,
                  },
                ],
                totals: {
                  payments: 3,
                  grossCents: 9000,
                  refunds: 1,
                  refundedCents: 3000,
                  disputes: 0,
                  disputedCents: 0,
                  netCents: 6000,
                },
                providerTotals: {
                  payments: 2,
                  grossCents: 6000,
                  refunds: 0,
                  refundedCents: 0,
                  disputes: 0,
                  disputedCents: 0,
                  netCents: 6000,
                },
              },
            },
          }
        : page([entry()]),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/payments');
    await user.click(
      await screen.findByRole('tab', { name: 'Reconciliation' }, { timeout: 15_000 }),
    );
    const table = await screen.findByRole('table', { name: /Reconciliation from 2025-05-01/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayMethodPaymentsGrossRefundedDisputedNet',
      '2025-05-02Card2$60.00––$60.00',
      '2025-05-03Check1$30.00−$30.00 (1)–$0.00',
      'Card and bank (provider payouts)2$60.00––$60.00',
      'Total3$90.00−$30.00 (1)–$60.00',
    ]);
    expect(requests.find((r) => r.url === 'admin/payments/reconciliation')?.params).toMatchObject({
      from: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tz: expect.any(String),
    });
  }, 20_000);
});
