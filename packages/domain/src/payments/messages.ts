/** The payment flow's words (spec §4 and §8), shared by the web app and the API. */
export const PAYMENT_MESSAGES = {
  registered: 'Horse Register successfully',
  failed: 'Payment Failed!',
  inProgress: 'Payment status is in progress',
  processFailed: 'Payment process failed',
  statusCheckFailed: 'Error checking payment status.',
  actionRequired: 'Further action is required to complete the payment.',
  bankProcessing: 'Bank payment submitted. It settles in a few days; you will be emailed.',
  processing: 'Your payment is processing. You will be emailed when it settles or fails.',
  cardDeclined: 'Your card was declined.',
  bankFailed: 'The bank account could not be debited.',
  alreadyPaid: 'This horse is already paid for or has a payment in progress.',
  horseNotFound: 'Horse not found',
  paymentNotFound: 'Payment not found',
  notSandboxCard:
    'This card number is not a sandbox test card. Use 4242 4242 4242 4242, 4000 0025 0000 3155 or 4000 0000 0000 0002.',
  notSandboxBank:
    'This bank account is not a sandbox test account. Use routing 110000000 with account 000123456789 or 000222222227.',
  webhookSignatureInvalid: 'Invalid webhook signature',
  webhookNotConfigured: 'Webhooks are not configured on this server',
  webhookMalformed: 'The webhook event is not a well-formed Stripe event',
  bankNumbersRefused:
    'Routing and account numbers must not be sent to the server; the payment method carries them.',
  methodMismatch: 'The payment method does not match the chosen Payment Method.',
  unknownPaymentMethod: 'Unknown payment method.',
  authenticationDeclined: 'The payment was not approved.',
  paymentRecorded: 'Payment recorded',
} as const;
