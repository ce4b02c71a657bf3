import { api } from '../../lib/api-client';
import type { PaymentProcessAnswer } from './payments-api';

/** The administrator's payment calls (docs/api.md "Payments" and "Payments: undoing"). */

export type OfficeMethod = 'check' | 'cash' | 'other';

export interface OfficePayment {
  method: OfficeMethod;
  reference: string;
  note: string;
  prepayDNAFee: boolean;
}

/** Records a payment taken at the office; the server prices it and emails the receipt. */
export async function recordOfficePayment(horseId: string, payment: OfficePayment) {
  const answer = (await api.post<unknown>(`admin/payment-process/${encodeURIComponent(horseId)}`, {
    method: payment.method,
    reference: payment.reference.trim() || undefined,
    note: payment.note.trim() || undefined,
    fees: { prepayDNAFee: payment.prepayDNAFee },
  })) as unknown as PaymentProcessAnswer;
  return answer.message ?? 'Payment recorded';
}

export interface ProviderCharge {
  method: 'card' | 'bank';
  paymentMethodId: string;
  accountHolderName: string;
  /** Bank only: the holder's authorisation, which the server refuses to debit without. */
  checkedAgreement: boolean;
  prepayDNAFee: boolean;
}

/**
 * Charges the member's card or bank account through the provider. A declined card comes back
 * as a thrown ApiError (402) like any refusal; the answer says where the payment stands.
 */
export async function chargeForMember(horseId: string, charge: ProviderCharge) {
  return (await api.post<unknown>(`admin/payment-process/${encodeURIComponent(horseId)}`, {
    method: charge.method,
    paymentMethodId: charge.paymentMethodId,
    accountHolderName: charge.accountHolderName.trim() || undefined,
    checkedAgreement: charge.checkedAgreement,
    fees: { prepayDNAFee: charge.prepayDNAFee },
  })) as unknown as PaymentProcessAnswer;
}

/** Cancels, voids or refunds the horse's payment, with the reason kept in the audit log. */
export async function undoPayment(horseId: string, reason: string) {
  const answer = await api.post<{ reversal: 'canceled' | 'voided' | 'refunded' }>(
    `admin/payment-void/${encodeURIComponent(horseId)}`,
    { reason: reason.trim() },
  );
  return { message: answer.message ?? 'Done', reversal: answer.data.reversal };
}
