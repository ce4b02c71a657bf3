import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeTransport } from '../../../test/fake-transport';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACH_MANDATE_VERSION,
  AUTH_MESSAGES,
  DEFAULT_ASSOCIATION_NAME,
  HORSE_MESSAGES,
  achMandateText,
} from '@registry/domain';
import { renderModal } from './render-modal';
import { storedHorse } from './test-values';

const fees = () => screen.getByRole('region', { name: 'Fees, Billing and Payment' });
const BANK_MESSAGES = [
  HORSE_MESSAGES.accountTypeRequired,
  HORSE_MESSAGES.accountNameRequired,
  HORSE_MESSAGES.bankNameRequired,
  HORSE_MESSAGES.routingNumberRequired,
  HORSE_MESSAGES.accountNumberRequired,
];

// The card fields ask GET /api/config which provider to use: no Stripe key, the sandbox.
const serve = withFakeTransport();
beforeEach(() => {
  serve(() => ({
    status: 200,
    data: { success: true, data: {} },
  }));
});

describe('section 17: fees, billing and payment (register mode)', () => {
  it('shows the fixed fee, the DNA choice and the verification fee only when asked for', async () => {
    const user = userEvent.setup();
    renderModal();
    const section = fees();
    expect(within(section).getByLabelText('Registration Fee ($)')).toHaveValue('30');
    expect(within(section).getByLabelText('Registration Fee ($)')).toHaveAttribute('readonly');
    expect(within(section).getByLabelText('Prepay DNA Fee ($50)')).not.toBeChecked();
    expect(within(section).queryByLabelText('Verification Fee ($20)')).not.toBeInTheDocument();
    const verification = screen.getByRole('region', { name: 'Performance Verification' });
    await user.click(within(verification).getByRole('radio', { name: 'Yes' }));
    const fee = within(section).getByLabelText('Verification Fee ($20)');
    expect(fee).toBeChecked();
    expect(fee).toBeDisabled();
  }, 30_000);

  it('requires the billing fields, the method and the agreement, with asterisks where the spec puts them', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const section = fees();
    await waitFor(() =>
      expect(within(section).getByText(HORSE_MESSAGES.billingAddressRequired)).toBeVisible(),
    );
    for (const message of [
      HORSE_MESSAGES.phoneNumberRequired,
      AUTH_MESSAGES.emailRequired,
      HORSE_MESSAGES.accountHolderNameRequired,
      HORSE_MESSAGES.accountHolderSignatureRequired,
      HORSE_MESSAGES.paymentMethodRequired,
      HORSE_MESSAGES.termsRequired,
    ]) {
      expect(within(section).getByText(message)).toBeInTheDocument();
    }
    for (const label of ['Phone Number', 'Email', 'Account Holder Name']) {
      expect(within(section).getByText(label)).toHaveClass('required-mark');
    }
    expect(within(section).getByText("Account Holder's Signature")).toHaveClass('required-mark');
    for (const message of BANK_MESSAGES) {
      expect(within(section).queryByText(message)).not.toBeInTheDocument();
    }
  }, 30_000);

  it('asks for bank details only for Bank, and for the card type and card fields for Credit Card', async () => {
    const user = userEvent.setup();
    renderModal();
    const section = fees();
    await user.click(within(section).getByRole('radio', { name: 'Bank' }));
    expect(within(section).queryByLabelText('Card Number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of BANK_MESSAGES) {
      expect(await within(section).findByText(message)).toBeInTheDocument();
    }
    // The sandbox keeps the spec's typed numbers; only Stripe links the account itself.
    expect(within(section).queryByRole('group', { name: 'Bank Account' })).toBeNull();
    expect(within(section).getByLabelText('Account Number')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Routing Number'), '123');
    expect(
      await within(section).findByText(HORSE_MESSAGES.routingNumberInvalid),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('radio', { name: 'Credit Card' }));
    expect(within(section).queryByLabelText('Routing Number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(HORSE_MESSAGES.cardTypeRequired)).toBeInTheDocument();
    expect(await within(section).findByText(HORSE_MESSAGES.cardNumberIncomplete)).toBeVisible();
    expect(within(section).getByText(HORSE_MESSAGES.expirationDateIncomplete)).toBeVisible();
    expect(within(section).getByText(HORSE_MESSAGES.cvvIncomplete)).toBeVisible();
    for (const message of BANK_MESSAGES) {
      expect(within(section).queryByText(message)).not.toBeInTheDocument();
    }
  }, 30_000);

  it('shows the bank debit authorisation (association, amount, one-time, how to revoke) and the terms beside the agreement', async () => {
    const user = userEvent.setup();
    renderModal();
    const section = fees();
    expect(within(section).queryByRole('region', { name: 'Bank debit authorization' })).toBeNull();
    const terms = within(section).getByText('Read the terms and conditions');
    // Collapsed here (the certification above shows them open on a wide screen); one click opens.
    expect(terms.closest('details')).not.toHaveAttribute('open');
    await user.click(terms);
    expect(terms.closest('details')).toHaveAttribute('open');
    expect(within(section).getByLabelText('Terms and conditions')).toHaveTextContent(
      'A payment is for this registration only.',
    );

    await user.click(within(section).getByRole('radio', { name: 'Bank' }));
    await user.click(within(section).getByLabelText('Prepay DNA Fee ($50)'));
    const mandate = within(section).getByRole('region', { name: 'Bank debit authorization' });
    expect(mandate).toHaveTextContent(achMandateText(DEFAULT_ASSOCIATION_NAME, '$80.00'));
    expect(mandate).toHaveTextContent(/one-time debit/);
    expect(mandate).toHaveTextContent(/revoke/);
    expect(mandate).toHaveTextContent(`Version ${ACH_MANDATE_VERSION}`);

    await user.click(within(section).getByRole('radio', { name: 'Credit Card' }));
    expect(within(section).queryByRole('region', { name: 'Bank debit authorization' })).toBeNull();
  }, 30_000);

  it('is not part of edit or view', () => {
    renderModal({ mode: 'edit', horse: storedHorse() });
    expect(
      screen.queryByRole('region', { name: 'Fees, Billing and Payment' }),
    ).not.toBeInTheDocument();
  });
});
