import { cardFieldMessage, type CardField } from '@registry/domain';
import { BankEntry } from './bank-entry';
import type { MethodResult, PayerDetails, SecureFieldChange } from './secure-entry';

/** Set by the mounted card fields: only they can read what the payer typed. */
export interface CardFieldsHandle {
  createCardMethod(payer: PayerDetails): Promise<MethodResult>;
}

type Listener = () => void;

const EMPTY: SecureFieldChange = { empty: true, complete: false };

/**
 * The state of the three card fields, outside the form values on purpose: a card number must
 * never sit in react-hook-form, Redux or anything sent to our server. Holds only what each
 * field reported (empty / complete / error) and the message to show under it.
 */
export class CardEntry {
  private states: Record<CardField, SecureFieldChange> = {
    cardNumber: EMPTY,
    expirationDate: EMPTY,
    cvv: EMPTY,
  };
  private messages: Partial<Record<CardField, string>> = {};
  private listeners = new Set<Listener>();
  handle: CardFieldsHandle | null = null;
  /**
   * The provider's own bank account entry, when it has one (Stripe): carried here so every
   * payment form that holds a card entry can take a linked bank account too.
   */
  readonly bank = new BankEntry();

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  message(field: CardField): string | undefined {
    return this.messages[field];
  }

  /** Editing clears the field's message; a provider error (invalid number) shows at once. */
  change(field: CardField, state: SecureFieldChange): void {
    this.states[field] = state;
    this.setMessage(field, state.error ? cardFieldMessage(field, state) : undefined);
  }

  /** Leaving a started but unfinished field says what is missing. */
  blur(field: CardField): void {
    const state = this.states[field];
    if (!state.empty) this.setMessage(field, cardFieldMessage(field, state));
  }

  complete(): boolean {
    return Object.values(this.states).every((state) => state.complete);
  }

  /** Shows every field's message; true when all three are complete. */
  validate(): boolean {
    for (const field of Object.keys(this.states) as CardField[]) {
      this.setMessage(field, cardFieldMessage(field, this.states[field]));
    }
    return this.complete();
  }

  reset(): void {
    this.states = { cardNumber: EMPTY, expirationDate: EMPTY, cvv: EMPTY };
    for (const field of Object.keys(this.messages) as CardField[]) {
      this.setMessage(field, undefined);
    }
  }

  async createCardMethod(payer: PayerDetails): Promise<MethodResult> {
    if (!this.handle) return { error: 'The card fields are not ready yet. Please try again.' };
    return this.handle.createCardMethod(payer);
  }

  private setMessage(field: CardField, message: string | undefined): void {
    if (this.messages[field] === message) return;
    this.messages = { ...this.messages, [field]: message };
    for (const listener of this.listeners) listener();
  }
}
