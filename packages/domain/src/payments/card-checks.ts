/**
 * Checks the built-in sandbox card fields make while the payer types, mirroring what Stripe
 * Elements reports (complete / error). Real card data is judged by the provider, never by us.
 */
export type SecureFieldReport = { empty: boolean; complete: boolean; error?: string };

const digits = (value: string) => value.replace(/\D/g, '');

export function passesLuhn(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i -= 1) {
    let d = Number(number[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** American Express numbers are 15 digits and take a 4-digit CVC; the rest are 16 and 3. */
export function cardNumberLength(number: string): number {
  return /^3[47]/.test(digits(number)) ? 15 : 16;
}

export function checkCardNumber(value: string): SecureFieldReport {
  const number = digits(value);
  if (number === '') return { empty: true, complete: false };
  if (/[^\d\s]/.test(value))
    return { empty: false, complete: false, error: 'Your card number is invalid.' };
  if (number.length < cardNumberLength(number)) return { empty: false, complete: false };
  if (number.length > cardNumberLength(number) || !passesLuhn(number)) {
    return { empty: false, complete: false, error: 'Your card number is invalid.' };
  }
  return { empty: false, complete: true };
}

/** "MM / YY": complete once both parts are typed; must be this month or later. */
export function checkExpiry(value: string, today: Date = new Date()): SecureFieldReport {
  const text = digits(value);
  if (text === '') return { empty: true, complete: false };
  if (text.length < 4) return { empty: false, complete: false };
  const month = Number(text.slice(0, 2));
  const year = 2000 + Number(text.slice(2, 4));
  if (text.length > 4 || month < 1 || month > 12) {
    return { empty: false, complete: false, error: "Your card's expiration date is invalid." };
  }
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  if (year * 12 + (month - 1) < thisMonth) {
    return { empty: false, complete: false, error: "Your card's expiration year is in the past." };
  }
  return { empty: false, complete: true };
}

export function checkCvc(value: string, cardNumber: string): SecureFieldReport {
  const text = digits(value);
  if (text === '') return { empty: true, complete: false };
  const wanted = cardNumberLength(cardNumber) === 15 ? 4 : 3;
  if (/\D/.test(value) || text.length > wanted) {
    return { empty: false, complete: false, error: "Your card's security code is invalid." };
  }
  return { empty: false, complete: text.length === wanted };
}
