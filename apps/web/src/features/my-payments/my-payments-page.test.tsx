import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberPayment } from '@registry/domain';
import { renderApp } from '../../test/render-app';
import { serveSignedInMember } from '../../test/signed-in-member';

const serve = serveSignedInMember();

const paid: MemberPayment = {
  id: 'p1',
  horse: { id: 'h1', name: 'Copper Rack', deleted: false },
  method: 'card',
  amountCents: 5000,
  lines: [
    { label: 'Registration Fee', cents: 3000 },
    { label: 'Verification Fee', cents: 2000 },
  ],
  status: 'succeeded',
  refundedCents: 0,
  refunds: [],
  dispute: null,
  agreement: null,
  reversalReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  receipt: true,
};
const refunded: MemberPayment = {
  ...paid,
  id: 'p2',
  horse: { id: null, name: 'Dusty', deleted: true },
  amountCents: 3000,
  lines: [{ label: 'Registration Fee', cents: 3000 }],
  status: 'refunded',
  reversalReason: 'Registration withdrawn',
};
const failed: MemberPayment = { ...paid, id: 'p3', status: 'failed', receipt: false };

function answer(items: MemberPayment[]) {
  return serve((request) => {
    if (request.url === 'members/payments') {
      return { status: 200, data: { success: true, data: items } };
    }
    if (request.url === 'config') return { status: 200, data: { success: true, data: {} } };
    if (request.url?.endsWith('/receipt.pdf')) {
      return { status: 200, data: new Blob(['%PDF-1.7']), headers: {} };
    }
    return { status: 200, data: { success: true, data: { items: [], total: 0 } } };
  });
}

describe('My payments', () => {
  it('lists each payment with its horse, fees, amount and status, and a receipt only where money moved', async () => {
    const requests = answer([paid, refunded, failed]);
    renderApp('/my-payments');
    const table = await screen.findByRole('table', { name: 'My payments' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Copper Rack');
    expect(rows[0]).toHaveTextContent('Registration Fee, Verification Fee');
    expect(rows[0]).toHaveTextContent('$50.00');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('Dusty (withdrawn)');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('Registration withdrawn');
    expect(within(rows[2]!).queryByRole('button', { name: /Receipt/ })).toBeNull();

    await userEvent
      .setup({ delay: null })
      .click(within(rows[1]!).getByRole('button', { name: /Receipt for Dusty/ }));
    expect(requests.some((r) => r.url === 'members/payments/p2/receipt.pdf')).toBe(true);
  });

  it('notes a partial refund and a dispute under the status', async () => {
    answer([
      {
        ...paid,
        refundedCents: 1000,
        refunds: [
          {
            id: 're_1',
            amountCents: 1000,
            status: 'succeeded',
            failureReason: null,
            createdAt: paid.createdAt,
            updatedAt: paid.createdAt,
          },
        ],
        dispute: { status: 'warning_closed', amountCents: 5000, outcome: 'kept' },
      },
    ]);
    renderApp('/my-payments');
    const table = await screen.findByRole('table', { name: 'My payments' }, { timeout: 10_000 });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('$10.00 of $50.00 refunded');
    expect(row).toHaveTextContent('card issuer inquiry closed, no chargeback');
  });

  it('says so when there is no payment yet', async () => {
    answer([]);
    renderApp('/my-payments');
    expect(await screen.findByText('No payments yet', {}, { timeout: 10_000 })).toBeVisible();
  });
});
