import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { serverApi } from '../../../stores/server-api';
import { okReply, pageReply, refusedReply } from '../../../test/fake-transport';
import { answeringPaid, paidSummaryUrl } from '../../../test/paid-summary';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { renderModal } from './render-modal';
import { storedHorse } from './test-values';

vi.setConfig({ testTimeout: 30_000 });
const serve = serveSignedInMember();

describe("The member's View: status, rejection reason and amount paid", () => {
  it('shows the status, the reason and what settled for the horse', async () => {
    const horse = storedHorse({
      _id: 'h7',
      approvalStatus: 'rejected',
      paymentStatus: 'paid',
      rejectionReason: 'The marking photos are blurred',
    });
    const paid = {
      paidCents: 5000,
      payments: [{ amountCents: 5000, method: 'card', at: '2026-11-02T10:00:00.000Z' }],
    };
    const requests = serve(answeringPaid('h7', paid, refusedReply(404, 'Not found')));
    renderModal({ mode: 'view', horse });
    const list = within(screen.getByRole('region', { name: 'Registration status' }));
    expect(list.getByText('Rejected')).toBeInTheDocument();
    expect(list.getByText('Paid')).toBeInTheDocument();
    expect(await list.findByText('$50.00 by card on 2026/11/02')).toBeInTheDocument();
    expect(screen.getByText('The marking photos are blurred')).toBeInTheDocument();
    expect(requests.some((r) => r.url === paidSummaryUrl('h7'))).toBe(true);
  });

  it('says nothing was paid yet for an unpaid registration', async () => {
    const horse = storedHorse({ _id: 'h8', approvalStatus: 'pending', paymentStatus: 'unpaid' });
    serve(() => okReply({ paidCents: 0, payments: [] }));
    renderModal({ mode: 'view', horse });
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('reads an answer that is not the paid summary as nothing known, without crashing', async () => {
    const horse = storedHorse({ _id: 'h9', approvalStatus: 'pending', paymentStatus: 'paid' });
    serve(() => pageReply([]));
    renderModal({ mode: 'view', horse });
    // Paid by status, but no settled amount known: it says so rather than "nothing".
    expect(await screen.findByText('Paid (amount not on file)')).toBeInTheDocument();
  });

  it('asks again when a payment marks payments stale, and shows the new amount', async () => {
    const horse = storedHorse({ _id: 'h10', approvalStatus: 'pending', paymentStatus: 'unpaid' });
    let paid = { paidCents: 0, payments: [] as object[] };
    const requests = serve(() => okReply(paid));
    const { store } = renderModal({ mode: 'view', horse });
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
    const asked = () => requests.filter((r) => r.url === paidSummaryUrl('h10')).length;
    expect(asked()).toBe(1);

    paid = {
      paidCents: 5000,
      payments: [{ amountCents: 5000, method: 'bank', at: '2026-11-03T10:00:00.000Z' }],
    };
    // What the Pay dialog and a payment check do after a payment (useInvalidate).
    act(() => void store.dispatch(serverApi.util.invalidateTags(['Payment'])));
    expect(await screen.findByText('$50.00 by bank debit on 2026/11/03')).toBeInTheDocument();
    expect(asked()).toBe(2);
  });
});
