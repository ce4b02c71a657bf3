import { describe, expect, it } from 'vitest';
import { cardFieldMessage } from '../index.js';

describe('cardFieldMessage', () => {
  it.each([
    ['cardNumber', 'Card Number is incomplete'],
    ['expirationDate', 'Expiration Date is incomplete'],
    ['cvv', 'CVV is incomplete'],
  ] as const)('says %s is incomplete until the provider reports it complete', (field, message) => {
    expect(cardFieldMessage(field, { complete: false })).toBe(message);
  });

  it('accepts a complete field', () => {
    expect(cardFieldMessage('cvv', { complete: true })).toBeUndefined();
    expect(cardFieldMessage('cvv', { complete: true, error: null })).toBeUndefined();
  });

  it("shows the provider's error first", () => {
    expect(
      cardFieldMessage('cardNumber', {
        complete: false,
        error: { message: 'Your card number is invalid.' },
      }),
    ).toBe('Your card number is invalid.');
    expect(cardFieldMessage('cvv', { complete: false, error: 'Bad CVC' })).toBe('Bad CVC');
  });

  it.each([
    ['cardNumber', 'Invalid Card Number'],
    ['expirationDate', 'Invalid Expiration Date'],
    ['cvv', 'Invalid CVV'],
  ] as const)('falls back to "%s" invalid text when the provider gives none', (field, message) => {
    expect(cardFieldMessage(field, { complete: false, error: {} })).toBe(message);
    expect(cardFieldMessage(field, { complete: false, error: { message: '' } })).toBe(message);
  });
});
