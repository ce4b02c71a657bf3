import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageReply } from '../../test/fake-transport';
import { answeringPaid, paidSummaryUrl } from '../../test/paid-summary';
import { serveSignedInMember } from '../../test/signed-in-member';
import { renderApp } from '../../test/render-app';
import { storedHorse } from './registration/test-values';

vi.setConfig({ testTimeout: 30_000 });
const serve = serveSignedInMember();

describe('Deleting a paid pending registration', () => {
  it('says what was paid and that the office handles refunds', async () => {
    const paid = storedHorse({
      _id: 'h9',
      approvedName: 'Paid Pony',
      approvalStatus: 'pending',
      paymentStatus: 'paid',
    });
    const requests = serve(
      answeringPaid('h9', { paidCents: 5000, payments: [] }, pageReply([paid])),
    );
    const user = userEvent.setup();
    renderApp('/horse-list');
    await screen.findByRole('table', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Delete Paid Pony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete horse' });
    expect(
      await within(dialog).findByText(
        'This registration was paid ($50.00). Deleting it does not refund the payment: the office handles refunds.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === paidSummaryUrl('h9'))).toBe(true);
  });
});
