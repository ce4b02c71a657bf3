/**
 * The labels of the registration's billing and payment fields, typed once (issue 32 §3): the
 * form's fees and billing section and the rules' messages read them (sections/payment.ts has
 * these fields, and `paymentInfo` holding the payment method's; its test says so).
 */
export const BILLING_FIELD_LABELS = {
  billingAddress: 'Billing Address',
  country: 'Country',
  phoneNumber: 'Phone Number',
  email: 'Email',
  accountHolderName: 'Account Holder Name',
  accountHolderSignature: "Account Holder's Signature",
} as const;

/** The payment method's own fields: the method, a card's type and a typed-in bank account. */
export const PAYMENT_FIELD_LABELS = {
  paymentMethod: 'Payment Method',
  cardType: 'Card Type',
  accountType: 'Account Type',
  accountName: 'Account Name',
  bankName: 'Bank Name',
  routingNumber: 'Routing Number',
  accountNumber: 'Account Number',
} as const;
