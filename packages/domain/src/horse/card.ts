import { HORSE_MESSAGES } from './messages.js';

export const CARD_FIELDS = ['cardNumber', 'expirationDate', 'cvv'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** What a card provider's secure field reports on change (Stripe Elements has this shape). */
export type CardFieldState = {
  complete: boolean;
  error?: { message?: string } | string | null;
};

const INCOMPLETE: Record<CardField, string> = {
  cardNumber: HORSE_MESSAGES.cardNumberIncomplete,
  expirationDate: HORSE_MESSAGES.expirationDateIncomplete,
  cvv: HORSE_MESSAGES.cvvIncomplete,
};
const INVALID: Record<CardField, string> = {
  cardNumber: HORSE_MESSAGES.cardNumberInvalid,
  expirationDate: HORSE_MESSAGES.expirationDateInvalid,
  cvv: HORSE_MESSAGES.cvvInvalid,
};

/**
 * The message to show under a secure card field, or undefined when it is complete. The
 * provider's own wording wins because it knows why a number was refused (spec §5.1).
 */
export function cardFieldMessage(field: CardField, state: CardFieldState): string | undefined {
  if (state.error) {
    const message = typeof state.error === 'string' ? state.error : state.error.message;
    return message || INVALID[field];
  }
  return state.complete ? undefined : INCOMPLETE[field];
}
