import type { BillingInfo } from '@registry/domain';
import type { CardEntry, MethodResult, PayerDetails } from './card-entry';
import { loadPaymentProvider } from './load-provider';

export function payerOf(billing: BillingInfo): PayerDetails {
  return {
    name: billing.accountHolderName,
    email: billing.email,
    phone: billing.phoneNumber,
    address: billing.billingAddress,
  };
}

/**
 * The provider's payment method for the chosen way of paying. The bank numbers pass from the
 * form straight to the provider here and nowhere else.
 */
export async function createPaymentMethod(
  billing: BillingInfo,
  cardEntry: CardEntry,
): Promise<MethodResult> {
  const payer = payerOf(billing);
  const { paymentMethod, bankAccount } = billing.paymentInfo;
  if (paymentMethod !== 'Bank') return cardEntry.createCardMethod(payer);
  const provider = await loadPaymentProvider();
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

/** Before the order summary: card fields must all be complete (spec §5.1). */
export function cardFieldsReady(
  billing: { paymentInfo?: { paymentMethod?: string } } | undefined,
  cardEntry: CardEntry,
): boolean {
  if (billing?.paymentInfo?.paymentMethod !== 'Credit Card') return true;
  return cardEntry.validate();
}
