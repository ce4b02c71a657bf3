import { useEffect, useId, useState } from 'react';
import { CFormCheck, CFormInput, CFormLabel, CFormSelect, CFormTextarea } from '@coreui/react';
import { PAYMENT_MESSAGES, feeTotal, formatUsd } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import type { PaymentStatus } from '../../lib/horse-types';
import { useAction } from '../../lib/use-action';
import { useInvalidate } from '../../stores/server-api';
import {
  AdminChargeFields,
  emptyOfficeCharge,
  type ChargeMethod,
  type OfficeCharge,
} from './admin-charge-fields';
import {
  chargeForMember,
  recordOfficePayment,
  undoPayment,
  type OfficeMethod,
} from './admin-payment-api';
import { CardEntry } from './card-entry';
import { loadPaymentProvider } from './load-provider';

export type AdminPaymentMode = 'record' | 'undo';

/** Which administrator payment action a horse's payment status allows. */
export function adminPaymentModeFor(status: PaymentStatus): AdminPaymentMode | null {
  if (status === 'unpaid' || status === 'failed' || status === 'refunded') return 'record';
  if (status === 'paid' || status === 'requires_action' || status === 'disputed') return 'undo';
  return null;
}

type AdminMethod = OfficeMethod | ChargeMethod;

const METHOD_LABELS: Record<AdminMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  other: 'Other (bank transfer, card taken elsewhere)',
  card: 'Charge the member’s card through the provider',
  bank: 'Debit the member’s bank account through the provider',
};

const isCharge = (method: AdminMethod): method is ChargeMethod =>
  method === 'card' || method === 'bank';

/** A card the office keys in cannot pass its holder's 3-D Secure check; it is canceled at once. */
const NEEDS_HOLDER =
  'This card asks its holder to approve the payment (3-D Secure), which cannot be done for them. The payment was canceled: ask the member to pay from My Horses, or record another method.';
const NEEDS_HOLDER_REASON = 'The card asked its holder for 3-D Secure approval (office charge).';

/** The provider's payment method, made in the browser: no card or bank number reaches us. */
async function officePaymentMethod(method: ChargeMethod, entry: CardEntry, charge: OfficeCharge) {
  const payer = { name: charge.holderName.trim(), email: '' };
  if (method === 'card') return entry.createCardMethod(payer);
  const provider = await loadPaymentProvider();
  return provider.createBankMethod({ ...charge.bank, accountName: payer.name }, payer);
}

/** What is missing before a provider charge can go out, or null. */
function chargeProblem(method: ChargeMethod, entry: CardEntry, charge: OfficeCharge) {
  if (charge.holderName.trim() === '') {
    return method === 'card' ? 'Enter the name on the card.' : 'Enter the account holder name.';
  }
  if (method === 'card') return entry.validate() ? null : 'Complete the card details.';
  if (!charge.bank.routingNumber.trim() || !charge.bank.accountNumber.trim()) {
    return 'Enter the routing and account numbers.';
  }
  return charge.authorized ? null : PAYMENT_MESSAGES.agreementRequired;
}

const UNDO_WORDS: Partial<Record<PaymentStatus, string>> = {
  requires_action:
    'The payment waiting for the member’s approval is canceled; the horse can be paid again.',
  paid: 'A payment taken through the provider is refunded in full; one recorded by the office is voided. The horse can then be paid again.',
  disputed: 'The disputed payment is refunded in full.',
};

export interface AdminPaymentTarget {
  id: string;
  name: string;
  paymentStatus: PaymentStatus;
  /** Prices the amount shown; the server prices the payment itself from the stored horse. */
  performanceVerification?: string;
}

/**
 * Records a payment taken at the office (check, cash, other), charges the member's card or
 * bank account through the provider, or undoes a payment with a reason (docs/api.md
 * "Payments"). The server prices the payment from the fee table, emails the member a receipt
 * and writes the audit log.
 */
export function AdminPaymentDialog({
  horse,
  mode,
  onClose,
  onDone,
}: {
  horse: AdminPaymentTarget | null;
  mode: AdminPaymentMode | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fieldId = useId();
  const invalidate = useInvalidate();
  const [method, setMethod] = useState<AdminMethod>('check');
  const [cardEntry] = useState(() => new CardEntry());
  const [charge, setCharge] = useState<OfficeCharge>(emptyOfficeCharge);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [prepayDNAFee, setPrepayDNAFee] = useState(false);
  const [reason, setReason] = useState('');
  const action = useAction();
  const { busy, fail: setError } = action;
  const visible = horse !== null && mode !== null;

  useEffect(() => {
    if (!visible) return;
    setMethod('check');
    setReference('');
    setNote('');
    setPrepayDNAFee(false);
    setCharge(emptyOfficeCharge());
    setReason('');
    setError(null);
  }, [visible, horse?.id, mode, setError]);

  if (!horse || !mode) return null;
  const amountCents = feeTotal({
    performanceVerification: horse.performanceVerification,
    prepayDNAFee,
  });
  const amount = formatUsd(amountCents);

  /** A provider charge: its answer says paid, processing, or (a keyed-in card) needs the holder. */
  const chargeThroughProvider = async (chargeMethod: ChargeMethod): Promise<string | null> => {
    const problem = chargeProblem(chargeMethod, cardEntry, charge);
    if (problem) {
      setError(problem);
      return null;
    }
    const created = await officePaymentMethod(chargeMethod, cardEntry, charge);
    if ('error' in created) {
      setError(created.error);
      return null;
    }
    const answer = await chargeForMember(horse.id, {
      method: chargeMethod,
      paymentMethodId: created.id,
      accountHolderName: charge.holderName,
      checkedAgreement: chargeMethod === 'bank' && charge.authorized,
      prepayDNAFee,
    });
    if (answer.paymentStatus === 'requires_action') {
      await undoPayment(horse.id, NEEDS_HOLDER_REASON).catch(() => undefined);
      invalidate('Payment', 'Horse');
      setError(NEEDS_HOLDER);
      return null;
    }
    return answer.message ?? PAYMENT_MESSAGES.paymentRecorded;
  };

  const submit = () => {
    if (mode === 'undo' && reason.trim() === '') {
      setError(PAYMENT_MESSAGES.reasonRequired);
      return;
    }
    void action.run(async () => {
      const message =
        mode === 'undo'
          ? (await undoPayment(horse.id, reason)).message
          : isCharge(method)
            ? await chargeThroughProvider(method)
            : await recordOfficePayment(horse.id, { method, reference, note, prepayDNAFee });
      if (message === null) return;
      invalidate('Payment', 'Horse');
      onDone(message);
    });
  };

  return (
    <ActionDialog
      title={
        mode === 'record'
          ? `Record a payment for ${horse.name}`
          : `Undo the payment of ${horse.name}`
      }
      visible={visible}
      busy={busy}
      error={action.error}
      onClose={onClose}
      size={isCharge(method) ? 'lg' : undefined}
      closeLabel="Cancel"
      actions={
        <BusyButton
          color={mode === 'record' ? 'primary' : 'danger'}
          busy={busy}
          disabled={busy}
          onClick={submit}
        >
          {mode === 'undo'
            ? 'Undo payment'
            : isCharge(method)
              ? `Charge ${amount}`
              : 'Record payment'}
        </BusyButton>
      }
    >
      {mode === 'record' ? (
        <>
          <CFormLabel htmlFor={`${fieldId}-method`}>Payment method</CFormLabel>
          <CFormSelect
            id={`${fieldId}-method`}
            value={method}
            disabled={busy}
            onChange={(event) => {
              setMethod(event.target.value as AdminMethod);
              setError(null);
            }}
          >
            {(Object.keys(METHOD_LABELS) as AdminMethod[]).map((key) => (
              <option key={key} value={key}>
                {METHOD_LABELS[key]}
              </option>
            ))}
          </CFormSelect>
          {isCharge(method) ? (
            <AdminChargeFields
              method={method}
              fieldId={fieldId}
              entry={cardEntry}
              charge={charge}
              amount={amount}
              amountCents={amountCents}
              disabled={busy}
              onChange={(next) => {
                setCharge(next);
                setError(null);
              }}
            />
          ) : (
            <>
              <CFormLabel htmlFor={`${fieldId}-reference`} className="mt-3">
                Reference (check number, receipt; optional)
              </CFormLabel>
              <CFormInput
                id={`${fieldId}-reference`}
                maxLength={200}
                value={reference}
                disabled={busy}
                onChange={(event) => setReference(event.target.value)}
              />
              <CFormLabel htmlFor={`${fieldId}-note`} className="mt-3">
                Note (optional)
              </CFormLabel>
              <CFormTextarea
                id={`${fieldId}-note`}
                rows={2}
                maxLength={2000}
                value={note}
                disabled={busy}
                onChange={(event) => setNote(event.target.value)}
              />
            </>
          )}
          <CFormCheck
            id={`${fieldId}-dna`}
            className="mt-3"
            label={
              isCharge(method) ? 'Include the prepaid DNA fee' : 'The DNA fee was prepaid with it'
            }
            checked={prepayDNAFee}
            disabled={busy}
            onChange={(event) => setPrepayDNAFee(event.target.checked)}
          />
          <p className="small text-body-secondary mt-3 mb-0">
            Amount <strong>{amount}</strong>, from the fee table (performance verification and the
            DNA choice). The member is emailed a receipt.
          </p>
        </>
      ) : (
        <>
          <p>{UNDO_WORDS[horse.paymentStatus]}</p>
          <CFormLabel htmlFor={`${fieldId}-reason`}>Reason (kept in the audit log)</CFormLabel>
          <CFormTextarea
            id={`${fieldId}-reason`}
            rows={2}
            maxLength={500}
            value={reason}
            disabled={busy}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </>
      )}
    </ActionDialog>
  );
}
