import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderSummaryDialog } from './order-summary-dialog';
import { askSandboxVerification } from './sandbox-verification';

describe('OrderSummaryDialog', () => {
  it.each([
    ['No', false, ['Registration Fee $30.00'], '$30.00'],
    ['Yes', false, ['Registration Fee $30.00', 'Verification Fee $20.00'], '$50.00'],
    ['No', true, ['Registration Fee $30.00', 'Prepay DNA Fee $50.00'], '$80.00'],
    [
      'Yes',
      true,
      ['Registration Fee $30.00', 'Verification Fee $20.00', 'Prepay DNA Fee $50.00'],
      '$100.00',
    ],
  ])(
    'verification %s, DNA prepaid %s: lists each fee and the total',
    (performanceVerification, prepayDNAFee, lines, total) => {
      render(
        <OrderSummaryDialog
          visible
          choices={{ performanceVerification, prepayDNAFee }}
          onProceed={vi.fn()}
          onCancel={vi.fn()}
        />,
      );
      const dialog = screen.getByRole('dialog', { name: 'Payment Details' });
      const rows = within(dialog)
        .getAllByRole('row')
        .map((row) => row.textContent);
      expect(rows).toEqual([
        // Each row reads label then amount, e.g. "Registration Fee$30.00".
        ...lines.map((line) => line.replace(' $', '$')),
        `Total${total}`,
      ]);
      expect(within(dialog).getByTestId('order-total')).toHaveTextContent(total);
    },
  );

  it('Proceed submits and Cancel returns; a busy dialog takes neither', async () => {
    const user = userEvent.setup();
    const onProceed = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <OrderSummaryDialog visible choices={{}} onProceed={onProceed} onCancel={onCancel} />,
    );
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onProceed).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);

    rerender(
      <OrderSummaryDialog
        visible
        busy
        status="Saving and paying…"
        choices={{}}
        onProceed={onProceed}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saving and paying…');
  });

  it('has a static backdrop: clicking outside does not cancel', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<OrderSummaryDialog visible choices={{}} onProceed={vi.fn()} onCancel={onCancel} />);
    const modal = document.querySelector('.modal') as HTMLElement;
    await user.click(modal);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows the sandbox verification step inside the dialog and posts the decision from the page', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 200 }));
    const open = vi.spyOn(window, 'open');
    render(<OrderSummaryDialog visible choices={{}} busy onProceed={vi.fn()} onCancel={vi.fn()} />);
    const done = askSandboxVerification(
      'http://registry.test/api/sandbox/payments/pi_sandbox_ab12cd34',
    );
    const step = await screen.findByRole('region', { name: 'Verify this payment' });
    await userEvent.click(within(step).getByRole('button', { name: 'Complete verification' }));
    expect(await done).toEqual({});
    expect(fetchSpy).toHaveBeenCalledWith('/api/sandbox/payments/pi_sandbox_ab12cd34/approve', {
      method: 'POST',
      redirect: 'manual',
    });
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Verify this payment' })).not.toBeInTheDocument();
    fetchSpy.mockRestore();
  });
});
