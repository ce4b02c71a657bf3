import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HORSE_MESSAGES, PAYMENT_MESSAGES, type BillingInfo } from '@registry/domain';
import { withFakeTransport } from '../../../test/fake-transport';
import { CardEntry } from '../../payments/card-entry';
import { bankAccountByProvider, createPaymentMethod } from '../../payments/payment-method';
import type { HorseFormValues } from './form-values';
import { schemaResolver } from './form-schema';
import { renderModal } from './render-modal';
import { SIGNATURE, validOutput } from './test-values';

// A publishable key in GET /api/config: the real provider (Stripe). Stripe.js itself cannot
// load here (jsdom fetches no scripts), so the Payment Element stays an empty mount point;
// what is under test is which fields the form shows and which rules it applies.
const serve = withFakeTransport();
beforeEach(() => {
  serve(() => ({
    status: 200,
    data: { success: true, data: { stripePublishableKey: 'pk_test_registry' } },
  }));
});

const fees = () => screen.getByRole('region', { name: 'Fees, Billing and Payment' });

describe('bank account with the real provider (issue 17 item 4)', () => {
  it("links the account in Stripe's Payment Element instead of typed routing and account numbers", async () => {
    const user = userEvent.setup();
    renderModal();
    const section = fees();
    await user.click(within(section).getByRole('radio', { name: 'Bank' }));
    const account = await within(section).findByRole('group', { name: 'Bank Account' });
    expect(account).toHaveAttribute('data-provider-bank-account');
    expect(within(section).queryByLabelText('Routing Number')).not.toBeInTheDocument();
    expect(within(section).queryByLabelText('Account Number')).not.toBeInTheDocument();
    // The spec's other bank fields stay the form's own.
    for (const label of ['Account Type', 'Account Name', 'Bank Name']) {
      expect(within(section).getByLabelText(label)).toBeInTheDocument();
    }
    expect(bankAccountByProvider()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(HORSE_MESSAGES.accountNameRequired)).toBeVisible();
    // Not linked yet: said under the Element, and no rule asks for numbers nobody can type.
    expect(await within(section).findByText(PAYMENT_MESSAGES.bankAccountIncomplete)).toBeVisible();
    expect(account).toHaveAccessibleDescription(PAYMENT_MESSAGES.bankAccountIncomplete);
    expect(within(section).queryByText(HORSE_MESSAGES.routingNumberRequired)).toBeNull();
    expect(within(section).queryByText(HORSE_MESSAGES.accountNumberRequired)).toBeNull();

    // Credit Card unmounts the bank entry, and its message with it.
    await user.click(within(section).getByRole('radio', { name: 'Credit Card' }));
    await waitFor(() =>
      expect(within(section).queryByText(PAYMENT_MESSAGES.bankAccountIncomplete)).toBeNull(),
    );
    expect(within(section).queryByRole('group', { name: 'Bank Account' })).toBeNull();
  }, 30_000);

  it('checks a registration paid by a linked bank account without routing or account numbers', async () => {
    renderModal();
    await userEvent.setup().click(within(fees()).getByRole('radio', { name: 'Bank' }));
    await within(fees()).findByRole('group', { name: 'Bank Account' });
    const values = validOutput({
      fees: { registrationFee: 30, prepayDNAFee: false },
      checkedAgreement: true,
      billingInfo: {
        billingAddress: '1 Barn Road',
        country: 'United States',
        phoneNumber: '555 010 0000',
        email: 'ada@example.org',
        accountHolderName: 'Ada Rider',
        accountHolderSignature: SIGNATURE,
        paymentInfo: {
          paymentMethod: 'Bank',
          bankAccount: {
            accountType: 'Checking',
            accountName: 'Ada Rider',
            bankName: 'First Farm Bank',
            routingNumber: '',
            accountNumber: '',
          },
        },
      },
    }) as unknown as HorseFormValues;
    const resolve = schemaResolver('register', null, false);
    const result = await resolve(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      billingInfo: { paymentInfo: { paymentMethod: 'Bank' } },
    });
  }, 30_000);

  it("pays with the Element's ConfirmationToken and never with typed numbers", async () => {
    const entry = new CardEntry();
    const payers: unknown[] = [];
    // Stands in for the handle the mounted Element binds (Stripe.js cannot run in jsdom).
    entry.bank.handle = {
      createBankMethod: async (payer) => {
        payers.push(payer);
        return { id: 'ctoken_bank_linked' };
      },
    };
    const billing = {
      billingAddress: '1 Barn Road',
      country: 'United States',
      phoneNumber: '555 010 0000',
      email: 'ada@example.org',
      accountHolderName: 'Ada Rider',
      accountHolderSignature: 'data:image/png;base64,AAAA',
      paymentInfo: {
        paymentMethod: 'Bank',
        bankAccount: {
          accountType: 'Checking',
          accountName: 'Ada Rider',
          bankName: 'First Farm Bank',
          routingNumber: '110000000',
          accountNumber: '000123456789',
        },
      },
    } as BillingInfo;
    expect(await createPaymentMethod(billing, entry)).toEqual({ id: 'ctoken_bank_linked' });
    expect(payers).toEqual([
      {
        name: 'Ada Rider',
        email: 'ada@example.org',
        phone: '555 010 0000',
        address: '1 Barn Road',
      },
    ]);
  });
});
