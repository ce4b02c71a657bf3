import type {
  BillingInfo,
  PaymentDeclinedAnswer,
  PaymentProcessAnswer as ChargeAnswer,
  PaymentRecordStatus,
} from '@registry/domain';
import { api } from '../../lib/api-client';

/** The payment calls of docs/api.md "Payments". Their answers sit at the top level, not in data. */

export type PaymentIntentStatus = PaymentRecordStatus;

/**
 * What payment-process answers: the charge (200) or the provider's refusal (402), both the API's
 * response schemas (packages/domain/src/contract/payment.ts). Read loosely: `success` tells them
 * apart, and the fields either may carry are optional here.
 */
export type PaymentProcessAnswer = { success: boolean } & Partial<
  Omit<ChargeAnswer, 'success'> & Omit<PaymentDeclinedAnswer, 'success'>
>;

/** billingInfo as our server may see it: no card number, CVV, routing or account number. */
export type BillingInfoToSend = Omit<BillingInfo, 'paymentInfo' | 'country'> & {
  /** Spec §2.6: United States, the one option (the server fills it in when absent). */
  country?: BillingInfo['country'];
  paymentInfo: {
    paymentMethod: BillingInfo['paymentInfo']['paymentMethod'];
    creditCard?: { cardType?: string | undefined };
    bankAccount?: { accountType?: string; accountName?: string; bankName?: string };
  };
};

export interface PaymentProcessBody {
  paymentMethodId: string;
  billingInfo: BillingInfoToSend;
  fees: { prepayDNAFee: boolean };
  /** The form's agreement; for a bank debit it is the ACH authorisation the server keeps. */
  checkedAgreement: boolean;
}

/** Drops everything a provider must keep: only the method id reaches our server. */
export function billingInfoToSend(billing: BillingInfo): BillingInfoToSend {
  const { paymentMethod, creditCard, bankAccount } = billing.paymentInfo;
  return {
    billingAddress: billing.billingAddress,
    country: billing.country,
    phoneNumber: billing.phoneNumber,
    email: billing.email,
    accountHolderName: billing.accountHolderName,
    accountHolderSignature: billing.accountHolderSignature,
    paymentInfo:
      paymentMethod === 'Bank'
        ? {
            paymentMethod,
            bankAccount: {
              accountType: bankAccount?.accountType ?? '',
              accountName: bankAccount?.accountName ?? '',
              bankName: bankAccount?.bankName ?? '',
            },
          }
        : { paymentMethod, creditCard: { cardType: creditCard?.cardType ?? '' } },
  };
}

export async function processPayment(
  horseId: string,
  body: PaymentProcessBody,
): Promise<PaymentProcessAnswer> {
  const answer = await api.post<unknown>(
    `members/payment-process/${encodeURIComponent(horseId)}`,
    body,
  );
  return answer as unknown as PaymentProcessAnswer;
}

/** The same charge for a member transfer's fee (docs/api.md "Member transfers"). */
export async function processTransferFee(
  transferId: string,
  body: PaymentProcessBody,
): Promise<PaymentProcessAnswer> {
  const answer = await api.post<unknown>(
    `members/transfers/${encodeURIComponent(transferId)}/pay`,
    body,
  );
  return answer as unknown as PaymentProcessAnswer;
}

export async function fetchPaymentStatus(paymentIntentId: string): Promise<PaymentIntentStatus> {
  const answer = (await api.get<unknown>('members/stripe/payment-status', {
    paymentIntentId,
  })) as unknown as { paymentStatus?: PaymentIntentStatus; data?: { paymentStatus?: string } };
  const status = answer.paymentStatus ?? answer.data?.paymentStatus;
  if (!status) throw new Error('No payment status in the answer');
  return status as PaymentIntentStatus;
}

let keyRequest: Promise<string | null> | null = null;

/** The Stripe publishable key from GET /api/config, asked once; null means the sandbox. */
export function fetchPublishableKey(): Promise<string | null> {
  keyRequest ??= api
    .get<{ stripePublishableKey?: string | null }>('config')
    .then((answer) => {
      const key = answer.data?.stripePublishableKey;
      return typeof key === 'string' && key.startsWith('pk_') ? key : null;
    })
    .catch((error: unknown) => {
      keyRequest = null;
      throw error;
    });
  return keyRequest;
}

/** "Pay another way": cancels the horse's payment waiting for approval; answers the message. */
export async function cancelWaitingPayment(horseId: string): Promise<string> {
  const answer = await api.post<unknown>(
    `members/payment-process/${encodeURIComponent(horseId)}/cancel`,
  );
  return answer.message ?? '';
}
