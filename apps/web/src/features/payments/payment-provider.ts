import type { ComponentType } from 'react';
import type { BankEntry } from './bank-entry';
import type { CardEntry } from './card-entry';
import type { MethodResult, PayerDetails } from './secure-entry';

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
  disabled?: boolean | undefined;
  /** What the payer is about to pay (Stripe shows it in wallet sheets); the server prices it. */
  amountCents?: number | undefined;
}

export interface BankFieldsProps {
  entry: BankEntry;
  idPrefix: string;
  disabled?: boolean | undefined;
  amountCents?: number | undefined;
}

/**
 * A card payment provider as the browser sees it: secure card fields, and a way to turn a
 * card or bank account into a payment method id. Stripe when the server has a publishable
 * key, else the built-in sandbox (DESIGN §6).
 */
export interface PaymentProvider {
  kind: 'stripe' | 'sandbox';
  CardFields: ComponentType<CardFieldsProps>;
  /**
   * The provider's own bank account entry, which links the account with the payer's bank
   * (Stripe: the Payment Element's `us_bank_account`, Financial Connections with microdeposits
   * as its fallback). Shown instead of the form's routing and account number fields; the
   * sandbox has none and keeps the spec's typed fields
   * (docs/decisions/0070-payment-element-and-in-page-verification.md).
   */
  BankFields?: ComponentType<BankFieldsProps>;
  /** Typed routing and account numbers: the sandbox's form, and the office's dialog. */
  createBankMethod(bank: BankDetails, payer: PayerDetails): Promise<MethodResult>;
  /**
   * Stripe: the PaymentIntent's next action (3-D Secure) in this page, `stripe.handleNextAction`.
   * The sandbox has none: its verification step is shown inside the order dialog instead.
   */
  handleNextAction?(clientSecret: string): Promise<{ error?: string }>;
}
