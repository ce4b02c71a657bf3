import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BILLING_FIELD_LABELS, PAYMENT_FIELD_LABELS } from './payment-fields.js';

// Every billing and payment label comes back marked («…»): a message that names such a field
// by a text typed anywhere but the table shows here without the marks (issue 32 §3). The
// domain's tests share their modules (isolate: false): loaded afresh here, then unmocked.
const TABLE = './payment-fields.js';
const mark = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([key, label]) => [key, `«${label}»`]));

let billingInfoSchema: typeof import('./sections/payment.js').billingInfoSchema;
let paymentInfoSchema: typeof import('./sections/payment.js').paymentInfoSchema;
let fixtures: typeof import('./test-fixtures.js');
let buildHorseSchema: typeof import('./schema.js').buildHorseSchema;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock(TABLE, () => ({
    BILLING_FIELD_LABELS: mark(BILLING_FIELD_LABELS),
    PAYMENT_FIELD_LABELS: mark(PAYMENT_FIELD_LABELS),
  }));
  ({ billingInfoSchema, paymentInfoSchema } = await import('./sections/payment.js'));
  ({ buildHorseSchema } = await import('./schema.js'));
  fixtures = await import('./test-fixtures.js');
});

afterAll(() => {
  vi.doUnmock(TABLE);
  vi.resetModules();
});

type Billing = ReturnType<typeof import('./test-fixtures.js').validRegistration>['billingInfo'];

/** The messages at billingInfo.<path> when the valid form's billing is changed by `change`. */
function messagesAt(path: string, change: (billing: Billing) => Billing): string[] {
  const valid = fixtures.validRegistration();
  return fixtures.messagesAt(
    buildHorseSchema('register', { today: fixtures.TEST_TODAY }),
    { ...valid, billingInfo: change(valid.billingInfo) },
    `billingInfo.${path}`,
  );
}

/** Each message names its field by the table's label (in sentence case at a sentence's start). */
function expectNamedBy(messages: string[], label: string) {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message.toLowerCase()).toContain(label.toLowerCase());
}

const bank = (billing: Billing, account: Record<string, string>): Billing => ({
  ...billing,
  paymentInfo: {
    ...billing.paymentInfo,
    paymentMethod: 'Bank',
    bankAccount: { ...billing.paymentInfo.bankAccount, ...account },
  },
});

describe('the billing and payment fields, labelled once in their tables', () => {
  it('has a label for every field of the rules and none more', () => {
    const billingKeys = Object.keys(billingInfoSchema.shape).filter((k) => k !== 'paymentInfo');
    expect(billingKeys.sort()).toEqual(Object.keys(BILLING_FIELD_LABELS).sort());
    const paymentKeys = [
      'paymentMethod',
      ...Object.keys(paymentInfoSchema.shape.creditCard.unwrap().shape),
      ...Object.keys(paymentInfoSchema.shape.bankAccount.unwrap().shape),
    ];
    expect(paymentKeys.sort()).toEqual(Object.keys(PAYMENT_FIELD_LABELS).sort());
  });

  it.each(['billingAddress', 'phoneNumber', 'accountHolderName'] as const)(
    "%s: its rules' messages name it from the table",
    (key) => {
      const said = [
        ...messagesAt(key, (b) => ({ ...b, [key]: '' })),
        ...messagesAt(key, (b) => ({ ...b, [key]: 'x'.repeat(5000) })),
      ];
      expectNamedBy(said, `«${BILLING_FIELD_LABELS[key]}»`);
    },
  );

  it.each(['accountType', 'accountName', 'bankName', 'routingNumber', 'accountNumber'] as const)(
    "%s: its rules' messages name it from the table",
    (key) => {
      const path = `paymentInfo.bankAccount.${key}`;
      const said = [
        ...messagesAt(path, (b) => bank(b, { [key]: '' })),
        ...messagesAt(path, (b) => bank(b, { [key]: '123' })),
      ];
      expectNamedBy(said, `«${PAYMENT_FIELD_LABELS[key]}»`);
    },
  );

  it('names the payment method and the card type from the table', () => {
    expectNamedBy(
      messagesAt('paymentInfo.paymentMethod', (b) => ({
        ...b,
        paymentInfo: { ...b.paymentInfo, paymentMethod: '' as 'Bank' },
      })),
      `«${PAYMENT_FIELD_LABELS.paymentMethod}»`,
    );
    expectNamedBy(
      messagesAt('paymentInfo.creditCard.cardType', (b) => ({
        ...b,
        paymentInfo: { ...b.paymentInfo, creditCard: { cardType: '' as 'Visa' } },
      })),
      `«${PAYMENT_FIELD_LABELS.cardType}»`,
    );
  });
});
