import { describe, expect, it } from 'vitest';
import { feeLines, feesFor, feeTotal, formatUsd, requiredFeeLines } from '../index.js';

describe('feeTotal', () => {
  it.each([
    [{ performanceVerification: 'No', prepayDNAFee: false }, 3000],
    [{ performanceVerification: 'Yes', prepayDNAFee: false }, 5000],
    [{ performanceVerification: 'No', prepayDNAFee: true }, 8000],
    [{ performanceVerification: 'Yes', prepayDNAFee: true }, 10000],
    [{ performanceVerification: 'true', prepayDNAFee: 'true' }, 10000],
    [{ performanceVerification: true, prepayDNAFee: true }, 10000],
    [{}, 3000],
    [{ performanceVerification: 'false', prepayDNAFee: 'false' }, 3000],
    [{ performanceVerification: '', prepayDNAFee: null }, 3000],
  ])('is right for %j', (choices, cents) => {
    expect(feeTotal(choices)).toBe(cents);
  });
});

describe('feeLines', () => {
  it('lists the registration fee alone by default', () => {
    expect(feeLines({})).toEqual([{ key: 'registration', label: 'Registration Fee', cents: 3000 }]);
  });

  it('adds verification, then prepaid DNA', () => {
    expect(feeLines({ performanceVerification: 'Yes', prepayDNAFee: true })).toEqual([
      { key: 'registration', label: 'Registration Fee', cents: 3000 },
      { key: 'verification', label: 'Verification Fee', cents: 2000 },
      { key: 'prepaidDna', label: 'Prepay DNA Fee', cents: 5000 },
    ]);
  });
});

describe('feesFor', () => {
  it('fills the stored fee object in dollars', () => {
    expect(feesFor({})).toEqual({
      registrationFee: 30,
      prepayDNAFee: false,
      prepayDNAFeeAmount: 0,
      verification_fees: 0,
    });
    expect(feesFor({ performanceVerification: 'Yes', prepayDNAFee: true })).toEqual({
      registrationFee: 30,
      prepayDNAFee: true,
      prepayDNAFeeAmount: 50,
      verification_fees: 20,
    });
  });
});

describe('formatUsd', () => {
  it.each([
    [3000, '$30.00'],
    [5000, '$50.00'],
    [8000, '$80.00'],
    [10000, '$100.00'],
    [5, '$0.05'],
    [123456, '$1,234.56'],
    [0, '$0.00'],
    [-2050, '-$20.50'],
    [-0, '$0.00'],
    [100_000_000, '$1,000,000.00'],
    // Every cent of the largest safe amount survives (cents / 100 as a float would not).
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
    [-Number.MAX_SAFE_INTEGER, '-$90,071,992,547,409.91'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatUsd(30.5)).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('fee lines already paid', () => {
  it('are left out of the lines and the total: verification chosen after paying $30 costs $20', () => {
    const choices = { performanceVerification: 'Yes', feesPaid: ['registration'] };
    expect(feeLines(choices).map((line) => line.key)).toEqual(['verification']);
    expect(feeTotal(choices)).toBe(2000);
    expect(feeTotal({ ...choices, prepayDNAFee: true })).toBe(7000);
    expect(feeTotal({ ...choices, feesPaid: ['registration', 'verification'] })).toBe(0);
  });

  it('the lines approval requires leave prepaying DNA to the payer', () => {
    expect(
      requiredFeeLines({ performanceVerification: 'Yes', prepayDNAFee: true }).map((l) => l.key),
    ).toEqual(['registration', 'verification']);
  });
});
