import { FEES } from '../constants.js';

/** The two answers that change the price. */
export type FeeChoices = {
  performanceVerification?: string | boolean | null;
  prepayDNAFee?: string | boolean | null;
  /**
   * Fee lines already paid for this horse (their keys): a horse whose verification was chosen
   * after paying owes only the verification fee (docs/api.md "Payments").
   */
  feesPaid?: readonly string[];
};

/** The form sends 'Yes'; the original fee section compared with the string 'true'. Both mean yes. */
export function isVerificationChosen(value: FeeChoices['performanceVerification']): boolean {
  return value === 'Yes' || value === 'true' || value === true;
}

/** Multipart bodies carry booleans as text, so 'true' counts as well. */
export function isPrepaidDnaChosen(value: FeeChoices['prepayDNAFee']): boolean {
  return value === true || value === 'true';
}

export type FeeLine = {
  key: 'registration' | 'verification' | 'prepaidDna';
  label: string;
  cents: number;
};

const cents = (dollars: number) => Math.round(dollars * 100);

/** The order summary's lines still to pay, in the order the Payment Details dialog lists them. */
export function feeLines(choices: FeeChoices): FeeLine[] {
  const paid = choices.feesPaid ?? [];
  return allFeeLines(choices).filter((line) => !paid.includes(line.key));
}

/**
 * The lines a registration must have paid before approval: the registration fee, and the
 * verification fee when verification is asked for (prepaying DNA is the payer's choice).
 */
export function requiredFeeLines(choices: FeeChoices): FeeLine[] {
  return feeLines({ ...choices, prepayDNAFee: false });
}

function allFeeLines(choices: FeeChoices): FeeLine[] {
  const lines: FeeLine[] = [
    { key: 'registration', label: 'Registration Fee', cents: cents(FEES.registration) },
  ];
  if (isVerificationChosen(choices.performanceVerification)) {
    lines.push({ key: 'verification', label: 'Verification Fee', cents: cents(FEES.verification) });
  }
  if (isPrepaidDnaChosen(choices.prepayDNAFee)) {
    lines.push({ key: 'prepaidDna', label: 'Prepay DNA Fee', cents: cents(FEES.prepaidDna) });
  }
  return lines;
}

/**
 * Total in integer cents: 30 + 20 with verification + 50 with prepaid DNA (spec §9), less the
 * lines already paid.
 */
export function feeTotal(choices: FeeChoices): number {
  return feeLines(choices).reduce((sum, line) => sum + line.cents, 0);
}

/** The `fees` object as the form shows and the API stores it, in whole dollars (spec §3.1). */
export function feesFor(choices: FeeChoices) {
  return {
    registrationFee: FEES.registration,
    prepayDNAFee: isPrepaidDnaChosen(choices.prepayDNAFee),
    prepayDNAFeeAmount: isPrepaidDnaChosen(choices.prepayDNAFee) ? FEES.prepaidDna : 0,
    verification_fees: isVerificationChosen(choices.performanceVerification)
      ? FEES.verification
      : 0,
  };
}

/** Built on first use: a formatter loads locale data, which a page's first paint does without. */
let usd: Intl.NumberFormat | undefined;

/**
 * "$1,234.50", in the en-US locale whatever the machine's, so the web and the server print the
 * same text (Node's and Chromium's ICU agree on it:
 * docs/decisions/0091-dates-and-amounts-in-en-us.md).
 */
export function formatUsd(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents)) {
    throw new RangeError(`Amount must be a whole number of cents, got ${amountCents}`);
  }
  const abs = Math.abs(amountCents);
  // A decimal string rather than cents / 100, whose binary fraction would round away the last
  // cents of sums past about 10^13 dollars; "-0" cannot arise, so -0 prints as "$0.00".
  const decimal = `${amountCents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(decimal as Intl.StringNumericLiteral);
}
