import { PAYMENT_MESSAGES } from '@registry/domain';
import type { MethodResult, PayerDetails, SecureFieldChange } from './secure-entry';

/** Set by the mounted provider's bank fields: only they hold the linked account. */
export interface BankFieldsHandle {
  createBankMethod(payer: PayerDetails): Promise<MethodResult>;
}

type Listener = () => void;

const EMPTY: SecureFieldChange = { empty: true, complete: false };

function messageOf(error: SecureFieldChange['error']): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return error || PAYMENT_MESSAGES.bankAccountIncomplete;
  return error.message || PAYMENT_MESSAGES.bankAccountIncomplete;
}

/**
 * What a provider's own bank account entry reports (Stripe's Payment Element with Financial
 * Connections): linked / complete or not, and the message under it. Like the card entry it
 * is not form state: the account never passes through react-hook-form or our server.
 */
export class BankEntry {
  private state: SecureFieldChange = EMPTY;
  private current: string | undefined;
  private listeners = new Set<Listener>();
  handle: BankFieldsHandle | null = null;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  message(): string | undefined {
    return this.current;
  }

  /** Editing clears the message; the provider's own error shows at once. */
  change(state: SecureFieldChange): void {
    this.state = state;
    this.setMessage(messageOf(state.error));
  }

  complete(): boolean {
    return this.state.complete;
  }

  /** Shows the message when the account is not linked (or entered) yet; true when it is. */
  validate(): boolean {
    this.setMessage(this.state.complete ? undefined : PAYMENT_MESSAGES.bankAccountIncomplete);
    return this.state.complete;
  }

  reset(): void {
    this.state = EMPTY;
    this.setMessage(undefined);
  }

  async createBankMethod(payer: PayerDetails): Promise<MethodResult> {
    if (!this.handle)
      return { error: 'The bank account fields are not ready yet. Please try again.' };
    return this.handle.createBankMethod(payer);
  }

  private setMessage(message: string | undefined): void {
    if (this.current === message) return;
    this.current = message;
    for (const listener of this.listeners) listener();
  }
}
