/**
 * What the card entry (card-entry.ts) and the bank entry (bank-entry.ts) both speak: a secure
 * field's report, who pays and what creating a payment method answers. Kept apart so the card
 * entry, which holds a bank entry, and the bank entry do not import each other.
 */

/** What a secure field reports on change: Stripe Elements' event shape, also used by the sandbox. */
export interface SecureFieldChange {
  empty: boolean;
  complete: boolean;
  error?: { message?: string } | string | null | undefined;
}

export type MethodResult = { id: string } | { error: string };

/** Who pays: the provider attaches these to the payment method it creates. */
export interface PayerDetails {
  name: string;
  email: string;
  phone?: string;
  address?: string;
}
