import { describe, expect, it } from 'vitest';
import {
  cardNumberLength,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  passesLuhn,
} from './card-checks.js';

describe('Luhn', () => {
  it.each(['4242424242424242', '4000002500003155', '4000000000000002', '378282246310005'])(
    'accepts %s',
    (number) => expect(passesLuhn(number)).toBe(true),
  );
  it.each(['4242424242424241', '1234567812345678', ''])('refuses %s', (number) =>
    expect(passesLuhn(number)).toBe(false),
  );
});

describe('card number field', () => {
  it('is empty, then incomplete, then complete', () => {
    expect(checkCardNumber('')).toEqual({ empty: true, complete: false });
    expect(checkCardNumber('4242 4242')).toEqual({ empty: false, complete: false });
    expect(checkCardNumber('4242 4242 4242 4242')).toEqual({ empty: false, complete: true });
  });
  it('flags a wrong check digit, letters and extra digits', () => {
    expect(checkCardNumber('4242 4242 4242 4241').error).toBeDefined();
    expect(checkCardNumber('4242 42x2').error).toBeDefined();
    expect(checkCardNumber('4242 4242 4242 42424').error).toBeDefined();
  });
  it('knows American Express is 15 digits', () => {
    expect(cardNumberLength('3782')).toBe(15);
    expect(checkCardNumber('3782 822463 10005').complete).toBe(true);
  });
});

describe('expiry field', () => {
  const today = new Date(2026, 10, 22); // November 2026
  it('is complete once MM / YY are typed, this month included', () => {
    expect(checkExpiry('', today).empty).toBe(true);
    expect(checkExpiry('12 / 2', today)).toEqual({ empty: false, complete: false });
    expect(checkExpiry('11 / 26', today)).toEqual({ empty: false, complete: true });
    expect(checkExpiry('01 / 30', today).complete).toBe(true);
  });
  it('refuses past dates and impossible months', () => {
    expect(checkExpiry('10 / 26', today).error).toMatch(/past/);
    expect(checkExpiry('13 / 27', today).error).toMatch(/invalid/);
    expect(checkExpiry('00 / 27', today).error).toMatch(/invalid/);
  });
});

describe('CVC field', () => {
  it('wants 3 digits, or 4 for American Express', () => {
    expect(checkCvc('12', '4242424242424242')).toEqual({ empty: false, complete: false });
    expect(checkCvc('123', '4242424242424242').complete).toBe(true);
    expect(checkCvc('1234', '4242424242424242').error).toBeDefined();
    expect(checkCvc('123', '378282246310005').complete).toBe(false);
    expect(checkCvc('1234', '378282246310005').complete).toBe(true);
    expect(checkCvc('1a3', '4242424242424242').error).toBeDefined();
    expect(checkCvc('', '4242424242424242').empty).toBe(true);
  });
});
