import { describe, expect, it } from 'vitest';
import {
  buildHorseSchema,
  HORSE_MESSAGES,
  isRoutingNumber,
  type HorseRegistrationInput,
} from '../index.js';
import { issuesOf, messagesAt, TEST_TODAY, validEdit, validRegistration } from './test-fixtures.js';

const register = buildHorseSchema('register', { today: TEST_TODAY });

type Billing = HorseRegistrationInput['billingInfo'];
type PaymentInfo = Billing['paymentInfo'];

function withBilling(billing: Partial<Billing>) {
  const base = validRegistration();
  return { ...base, billingInfo: { ...base.billingInfo, ...billing } };
}

function withPayment(payment: Partial<PaymentInfo>) {
  const base = validRegistration();
  return withBilling({ paymentInfo: { ...base.billingInfo.paymentInfo, ...payment } });
}

const BANK = {
  accountType: 'Checking',
  accountName: 'Ada Rider',
  bankName: 'First Farm Bank',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

describe('names the registry chooses from', () => {
  it.each([
    ['firstChoice', 'First Choice is required'],
    ['secondChoice', 'Second Choice is required'],
    ['thirdChoice', 'Third Choice is required'],
  ])('%s is required when registering', (field, message) => {
    expect(messagesAt(register, { ...validRegistration(), [field]: ' ' }, field)).toEqual([
      message,
    ]);
  });
});

describe('billing', () => {
  it.each([
    ['billingAddress', 'Billing Address is required'],
    ['phoneNumber', 'Phone Number is required'],
    ['email', 'Email is required'],
    ['accountHolderName', 'Account Holder Name is required'],
    ['accountHolderSignature', 'Account Holder Signature is required'],
  ])('%s is required', (field, message) => {
    expect(messagesAt(register, withBilling({ [field]: '' }), `billingInfo.${field}`)[0]).toBe(
      message,
    );
  });

  it.each(['ada@', 'ada example.org', 'ada@example'])('rejects email %s', (email) => {
    expect(messagesAt(register, withBilling({ email }), 'billingInfo.email')).toEqual([
      'Please enter a valid email',
    ]);
  });

  it.each(['859-555-0100', '+1 (859) 555 0100', '8595550100'])(
    'accepts phone %s',
    (phoneNumber) => {
      expect(messagesAt(register, withBilling({ phoneNumber }), 'billingInfo.phoneNumber')).toEqual(
        [],
      );
    },
  );

  it.each(['555-0100', 'call me', '859-555-0100 ext 2'])('rejects phone %s', (phoneNumber) => {
    expect(messagesAt(register, withBilling({ phoneNumber }), 'billingInfo.phoneNumber')).toEqual([
      'Please enter a valid phone number',
    ]);
  });

  it('needs a payment method', () => {
    expect(
      messagesAt(
        register,
        withPayment({ paymentMethod: '' }),
        'billingInfo.paymentInfo.paymentMethod',
      ),
    ).toEqual(['Payment Method is required']);
  });

  it('needs the agreement', () => {
    expect(
      messagesAt(register, validRegistration({ checkedAgreement: false }), 'checkedAgreement'),
    ).toEqual(['You must agree to the terms and conditions']);
  });
});

describe('credit card payment', () => {
  it('needs a card type', () => {
    expect(
      messagesAt(
        register,
        withPayment({ creditCard: { cardType: '' } }),
        'billingInfo.paymentInfo.creditCard.cardType',
      ),
    ).toEqual(['Card Type is required']);
  });

  it('ignores empty or stale bank details', () => {
    const input = withPayment({ bankAccount: { ...BANK, routingNumber: '123', accountType: '' } });
    expect(issuesOf(register, input)).toEqual([]);
  });

  it('never keeps card numbers', () => {
    const input = withPayment({
      creditCard: { cardType: 'VISA', cardNumber: '4242424242424242' } as never,
    });
    expect(register.parse(input).billingInfo.paymentInfo.creditCard).toEqual({ cardType: 'VISA' });
  });
});

describe('bank payment', () => {
  it('passes with complete details and no card type', () => {
    const input = withPayment({
      paymentMethod: 'Bank',
      bankAccount: BANK,
      creditCard: { cardType: '' },
    });
    expect(issuesOf(register, input)).toEqual([]);
  });

  it('requires every bank field, each on its own path', () => {
    const input = withPayment({ paymentMethod: 'Bank', bankAccount: undefined });
    expect(issuesOf(register, input)).toEqual([
      'billingInfo.paymentInfo.bankAccount.accountType: Account Type is required',
      'billingInfo.paymentInfo.bankAccount.accountName: Account Name is required',
      'billingInfo.paymentInfo.bankAccount.bankName: Bank Name is required',
      'billingInfo.paymentInfo.bankAccount.routingNumber: Routing Number is required',
      'billingInfo.paymentInfo.bankAccount.accountNumber: Account Number is required',
    ]);
  });

  it('still reports missing bank fields when another one has the wrong type', () => {
    const input = withPayment({
      paymentMethod: 'Bank',
      bankAccount: { ...BANK, accountName: '', routingNumber: 110000000 as never },
    });
    expect(issuesOf(register, input)).toEqual(
      expect.arrayContaining([
        'billingInfo.paymentInfo.bankAccount.accountName: Account Name is required',
      ]),
    );
  });

  it('checks the routing number digit and the account number length', () => {
    const input = withPayment({
      paymentMethod: 'Bank',
      bankAccount: { ...BANK, routingNumber: '110000001', accountNumber: '12' },
    });
    expect(issuesOf(register, input)).toEqual([
      `billingInfo.paymentInfo.bankAccount.routingNumber: ${HORSE_MESSAGES.routingNumberInvalid}`,
      'billingInfo.paymentInfo.bankAccount.accountNumber: Account number must be 4 to 17 digits',
    ]);
  });

  it('leaves the routing and account numbers to a provider that links the account itself', () => {
    const linked = buildHorseSchema('register', { today: TEST_TODAY, bankAccountByProvider: true });
    const input = withPayment({
      paymentMethod: 'Bank',
      bankAccount: { ...BANK, routingNumber: '', accountNumber: '' },
    });
    expect(issuesOf(linked, input)).toEqual([]);
    expect(issuesOf(register, input)).toEqual([
      'billingInfo.paymentInfo.bankAccount.routingNumber: Routing Number is required',
      'billingInfo.paymentInfo.bankAccount.accountNumber: Account Number is required',
    ]);
    // The spec's other bank fields stay the form's own.
    expect(
      issuesOf(linked, withPayment({ paymentMethod: 'Bank', bankAccount: undefined })),
    ).toEqual([
      'billingInfo.paymentInfo.bankAccount.accountType: Account Type is required',
      'billingInfo.paymentInfo.bankAccount.accountName: Account Name is required',
      'billingInfo.paymentInfo.bankAccount.bankName: Bank Name is required',
    ]);
  });

  it('knows ABA routing numbers', () => {
    expect(isRoutingNumber('110000000')).toBe(true);
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('021000022')).toBe(false);
    expect(isRoutingNumber('11000000')).toBe(false);
  });

  it('limits the account type to Checking or Savings', () => {
    const input = withPayment({
      paymentMethod: 'Bank',
      bankAccount: { ...BANK, accountType: 'Brokerage' },
    });
    expect(messagesAt(register, input, 'billingInfo.paymentInfo.bankAccount.accountType')).toEqual([
      'Please choose a valid option for Account Type',
    ]);
  });
});

describe('fees', () => {
  it('fix the registration fee at 30', () => {
    const base = validRegistration();
    expect(
      messagesAt(
        register,
        { ...base, fees: { ...base.fees, registrationFee: 1 } },
        'fees.registrationFee',
      ),
    ).toEqual(['Registration fee is fixed at $30']);
  });
});

describe('edit mode', () => {
  const edit = buildHorseSchema('edit', { today: TEST_TODAY });
  const REGISTER_ONLY = [
    'firstChoice',
    'secondChoice',
    'thirdChoice',
    'ownerSignature',
    'fees',
    'billingInfo',
    'checkedAgreement',
  ];

  it('asks for no names, signature, fees, billing or agreement', () => {
    expect(issuesOf(edit, validEdit())).toEqual([]);
    for (const key of REGISTER_ONLY) expect(Object.keys(edit.shape)).not.toContain(key);
  });

  it('drops them when sent, so an edit cannot change them', () => {
    const parsed = edit.parse({
      ...validRegistration(),
      firstChoice: '',
      billingInfo: { email: 'x' },
    });
    for (const key of REGISTER_ONLY) expect(parsed).not.toHaveProperty(key);
  });

  it('treats view like edit', () => {
    const view = buildHorseSchema('view', { today: TEST_TODAY });
    expect(Object.keys(view.shape).sort()).toEqual(Object.keys(edit.shape).sort());
  });
});
