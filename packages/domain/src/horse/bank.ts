/**
 * US bank routing numbers carry an ABA check digit, so most typing mistakes are caught before
 * the payment provider rejects the debit days later.
 */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = (i: number) => (d[i] ?? 0) + (d[i + 3] ?? 0) + (d[i + 6] ?? 0);
  return (3 * sum(0) + 7 * sum(1) + sum(2)) % 10 === 0;
}

/** US account numbers have no check digit; 4 to 17 digits is the range ACH accepts. */
export function isAccountNumber(value: string): boolean {
  return /^\d{4,17}$/.test(value);
}
