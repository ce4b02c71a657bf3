import type { BillingInfo } from '@registry/domain';
import type { CardEntry } from './card-entry';
import type { MethodResult, PayerDetails } from './secure-entry';
import { loadPaymentProvider, loadedPaymentProvider } from './load-provider';

/** For the forms' rules: whether the loaded provider links the bank account itself. */
export { bankAccountByProvider } from './load-provider';

export function payerOf(billing: BillingInfo): PayerDetails {
  return {
    name: billing.accountHolderName,
    email: billing.email,
    phone: billing.phoneNumber,
    address: billing.billingAddress,
  };
}

/**
 * The provider's payment method for the chosen way of paying: a Stripe ConfirmationToken
 * from the Payment Element (card, or a bank account it linked), or a method made from the
 * typed bank numbers (the sandbox), which pass from the form straight to the provider here
 * and nowhere else.
 */
export async function createPaymentMethod(
  billing: BillingInfo,
  cardEntry: CardEntry,
): Promise<MethodResult> {
  const payer = payerOf(billing);
  const { paymentMethod, bankAccount } = billing.paymentInfo;
  if (paymentMethod !== 'Bank') return cardEntry.createCardMethod(payer);
  const provider = await loadPaymentProvider();
  if (provider.BankFields) return cardEntry.bank.createBankMethod(payer);
  return provider.createBankMethod(
    {
      accountType: bankAccount?.accountType ?? '',
      accountName: bankAccount?.accountName ?? '',
      routingNumber: bankAccount?.routingNumber ?? '',
      accountNumber: bankAccount?.accountNumber ?? '',
    },
    payer,
  );
}

/**
 * Before the order summary: card fields must all be complete (spec §5.1), and a bank account
 * the provider collects must be linked (typed numbers are the form's own rules).
 */
export function cardFieldsReady(
  billing: { paymentInfo?: { paymentMethod?: string } } | undefined,
  cardEntry: CardEntry,
): boolean {
  const method = billing?.paymentInfo?.paymentMethod;
  if (method === 'Bank') {
    return loadedPaymentProvider()?.BankFields ? cardEntry.bank.validate() : true;
  }
  if (method !== 'Credit Card') return true;
  return cardEntry.validate();
}
