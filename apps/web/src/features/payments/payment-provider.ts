import type { ComponentType } from 'react';
import type { CardEntry, MethodResult, PayerDetails } from './card-entry';

export interface BankDetails {
  accountType: string;
  accountName: string;
  routingNumber: string;
  accountNumber: string;
}

export interface CardFieldsProps {
  entry: CardEntry;
  /** Field ids derive from this, so labels and focus-on-error find them. */
  idPrefix: string;
  disabled?: boolean;
}

/**
 * A card payment provider as the browser sees it: secure card fields, and a way to turn a
 * card or bank account into a payment method id. Stripe when the server has a publishable
 * key, else the built-in sandbox (DESIGN §6).
 */
export interface PaymentProvider {
  kind: 'stripe' | 'sandbox';
  CardFields: ComponentType<CardFieldsProps>;
  createBankMethod(bank: BankDetails, payer: PayerDetails): Promise<MethodResult>;
}
