import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './messages.js';
import { serverBillingInfoSchema, storableBilling } from './billing.js';

const base = {
  billingAddress: '12 Mill Road',
  phoneNumber: '(931) 555-0100',
  email: 'payer@example.org',
  accountHolderName: 'Pat Payer',
  accountHolderSignature: 'data:image/png;base64,iVBORw0KGgo=',
};
const bank = (extra: Record<string, unknown> = {}) => ({
  ...base,
  paymentInfo: {
    paymentMethod: 'Bank',
    bankAccount: { accountType: 'Checking', accountName: 'Pat', bankName: 'Test Bank', ...extra },
  },
});

describe('serverBillingInfoSchema', () => {
  it('takes bank billing without routing or account numbers', () => {
    expect(serverBillingInfoSchema.safeParse(bank()).success).toBe(true);
  });

  it('refuses routing and account numbers', () => {
    const result = serverBillingInfoSchema.safeParse(
      bank({ routingNumber: '110000000', accountNumber: '000123456789' }),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual([
      'paymentInfo.bankAccount.routingNumber',
      'paymentInfo.bankAccount.accountNumber',
    ]);
    expect(result.error?.issues[0]?.message).toBe(PAYMENT_MESSAGES.bankNumbersRefused);
  });

  it('still requires the other bank fields for Bank', () => {
    const result = serverBillingInfoSchema.safeParse(bank({ bankName: '' }));
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'paymentInfo.bankAccount.bankName',
    ]);
  });

  it('keeps only the card type and known bank fields when stored', () => {
    const parsed = serverBillingInfoSchema.parse({
      ...base,
      paymentInfo: {
        paymentMethod: 'Credit Card',
        creditCard: { cardType: 'VISA', number: '4242424242424242' },
      },
    });
    expect(JSON.stringify(storableBilling(parsed))).not.toContain('4242424242424242');
    expect(storableBilling(parsed).paymentInfo).toEqual({
      paymentMethod: 'Credit Card',
      creditCard: { cardType: 'VISA' },
    });
    const withExtra = serverBillingInfoSchema.parse(bank({ iban: 'DE89370400440532013000' }));
    expect(JSON.stringify(storableBilling(withExtra))).not.toContain('DE89');
  });
});
