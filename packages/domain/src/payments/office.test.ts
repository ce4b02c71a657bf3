import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './messages.js';
import { buildOfficePaymentSchema, buildPaymentReversalSchema } from './office.js';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the office payment dialog rules', () => {
  const schema = buildOfficePaymentSchema();
  const bank = { accountType: 'Checking', routingNumber: '', accountNumber: '' };

  it('records a payment taken at the office without a provider’s details, trimmed', () => {
    const parsed = schema.parse({
      method: 'cash',
      reference: ' Receipt 12 ',
      note: '',
      prepayDNAFee: true,
      holderName: '',
      bank,
      authorized: false,
    });
    expect(parsed).toEqual({
      method: 'cash',
      reference: 'Receipt 12',
      note: '',
      prepayDNAFee: true,
    });
  });

  it('asks a card charge for the name on the card only', () => {
    const result = schema.safeParse({ method: 'card', holderName: '  ', prepayDNAFee: false });
    expect(messagesOf(result)).toEqual({ holderName: PAYMENT_MESSAGES.cardHolderRequired });
  });

  it('asks a bank debit for the holder, both numbers and the holder’s authorisation', () => {
    const result = schema.safeParse({
      method: 'bank',
      holderName: '',
      bank,
      authorized: false,
      prepayDNAFee: false,
    });
    expect(messagesOf(result)).toEqual({
      holderName: PAYMENT_MESSAGES.accountHolderRequired,
      'bank.routingNumber': PAYMENT_MESSAGES.bankNumbersRequired,
      'bank.accountNumber': PAYMENT_MESSAGES.bankNumbersRequired,
      authorized: PAYMENT_MESSAGES.agreementRequired,
    });
  });
});

describe('undoing a payment', () => {
  it('needs a reason, not only spaces, and keeps it trimmed', () => {
    const schema = buildPaymentReversalSchema();
    expect(messagesOf(schema.safeParse({ reason: '   ' }))).toEqual({
      reason: PAYMENT_MESSAGES.reasonRequired,
    });
    expect(messagesOf(schema.safeParse({}))).toEqual({ reason: PAYMENT_MESSAGES.reasonRequired });
    expect(schema.parse({ reason: ' Check bounced ' })).toEqual({ reason: 'Check bounced' });
  });
});
