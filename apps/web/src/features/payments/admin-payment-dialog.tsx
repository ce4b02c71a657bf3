import { useId, useState } from 'react';
import { CFormInput, CFormLabel, CFormSelect, CFormTextarea } from '@coreui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  PAYMENT_MESSAGES,
  PAYMENT_REASON_MAX,
  buildOfficePaymentSchema,
  buildPaymentReversalSchema,
  feeTotal,
  formatUsd,
  type OfficePaymentInput,
  type PaymentReversalInput,
} from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import type { PaymentStatus } from '../../lib/horse-types';
import { useAction } from '../../lib/use-action';
import { useInvalidate } from '../../stores/server-api';
import {
  AdminChargeFields,
  emptyAdminPayment,
  type AdminMethod,
  type AdminPaymentValues,
  type ChargeMethod,
} from './admin-charge-fields';
import { chargeForMember, recordOfficePayment, undoPayment } from './admin-payment-api';
import { CardEntry } from './card-entry';
import { loadPaymentProvider } from './load-provider';
import type { AdminPaymentMode, AdminPaymentTarget } from './admin-payment-mode';
import { CheckField } from '../../components/check-field';

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

type ChargeInput = Extract<OfficePaymentInput, { method: ChargeMethod }>;
type PaymentOutput = OfficePaymentInput | PaymentReversalInput;
type PaymentResolver = Resolver<AdminPaymentValues, unknown, PaymentOutput>;

/** The domain's rules for the dialog's mode: a payment to record, or the reason to undo one. */
const rulesFor = (mode: AdminPaymentMode) =>
  (mode === 'undo'
    ? zodResolver(buildPaymentReversalSchema())
    : zodResolver(buildOfficePaymentSchema())) as unknown as PaymentResolver;

/** The dialog shows one refusal at a time, in the order its fields are asked for. */
function firstRefusal(errors: FieldErrors<AdminPaymentValues>): string | null {
  return (
    errors.holderName?.message ??
    errors.bank?.routingNumber?.message ??
    errors.bank?.accountNumber?.message ??
    errors.authorized?.message ??
    errors.reference?.message ??
    errors.note?.message ??
    errors.reason?.message ??
    null
  );
}

/** The provider's payment method, made in the browser: no card or bank number reaches us. */
async function officePaymentMethod(charge: ChargeInput, entry: CardEntry) {
  const payer = { name: charge.holderName, email: '' };
  if (charge.method === 'card') return entry.createCardMethod(payer);
  const provider = await loadPaymentProvider();
  return provider.createBankMethod({ ...charge.bank, accountName: payer.name }, payer);
}

const UNDO_WORDS: Partial<Record<PaymentStatus, string>> = {
  requires_action:
    'The payment waiting for the member’s approval is canceled; the horse can be paid again.',
  paid: 'A payment taken through the provider is refunded in full; one recorded by the office is voided. The horse can then be paid again.',
  disputed: 'The disputed payment is refunded in full.',
};

export interface AdminPaymentDialogProps {
  horse: AdminPaymentTarget | null;
  mode: AdminPaymentMode | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Records a payment taken at the office (check, cash, other), charges the member's card or
 * bank account through the provider, or undoes a payment with a reason (docs/api.md
 * "Payments"). The server prices the payment from the fee table, emails the member a receipt
 * and writes the audit log.
 */
export function AdminPaymentDialog({ horse, mode, onClose, onDone }: AdminPaymentDialogProps) {
  if (!horse || !mode) return null;
  // Mounted per opening, so each horse and mode starts from empty values and no refusal.
  return (
    <PaymentDialog
      key={`${horse.id}:${mode}`}
      horse={horse}
      mode={mode}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

function PaymentDialog({
  horse,
  mode,
  onClose,
  onDone,
}: {
  horse: AdminPaymentTarget;
  mode: AdminPaymentMode;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fieldId = useId();
  const invalidate = useInvalidate();
  const [cardEntry] = useState(() => new CardEntry());
  // The values live in react-hook-form with the domain's rules; busy and the refusal shown
  // (the rules' first, the card's or the server's) stay with useAction, as in every dialog.
  const [resolver] = useState(() => rulesFor(mode));
  const { control, register, handleSubmit } = useForm<AdminPaymentValues, unknown, PaymentOutput>({
    defaultValues: emptyAdminPayment(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [method, prepayDNAFee] = useWatch({ control, name: ['method', 'prepayDNAFee'] });
  const action = useAction();
  const { busy, fail } = action;
  /** An edit clears the refusal it answers. */
  const edited = () => fail(null);

  const amountCents = feeTotal({
    performanceVerification: horse.performanceVerification,
    prepayDNAFee,
    feesPaid: horse.feesPaid,
  });
  const amount = formatUsd(amountCents);

  /** A provider charge: its answer says paid, processing, or (a keyed-in card) needs the holder. */
  const chargeThroughProvider = async (charge: ChargeInput): Promise<string | null> => {
    if (charge.method === 'card' && !cardEntry.validate()) {
      fail('Complete the card details.');
      return null;
    }
    const created = await officePaymentMethod(charge, cardEntry);
    if ('error' in created) {
      fail(created.error);
      return null;
    }
    const answer = await chargeForMember(horse.id, {
      method: charge.method,
      paymentMethodId: created.id,
      accountHolderName: charge.holderName,
      checkedAgreement: charge.method === 'bank',
      prepayDNAFee: charge.prepayDNAFee,
    });
    if (answer.paymentStatus === 'requires_action') {
      await undoPayment(horse.id, NEEDS_HOLDER_REASON).catch(() => undefined);
      invalidate('Payment', 'Horse');
      fail(NEEDS_HOLDER);
      return null;
    }
    return answer.message ?? PAYMENT_MESSAGES.paymentRecorded;
  };

  const submit = handleSubmit(
    (values) =>
      action.run(async () => {
        const message =
          'reason' in values
            ? (await undoPayment(horse.id, values.reason)).message
            : values.method === 'card' || values.method === 'bank'
              ? await chargeThroughProvider(values)
              : await recordOfficePayment(horse.id, values);
        if (message === null) return;
        invalidate('Payment', 'Horse');
        onDone(message);
      }),
    (errors) => fail(firstRefusal(errors)),
  );

  return (
    <ActionDialog
      title={
        mode === 'record'
          ? `Record a payment for ${horse.name}`
          : `Undo the payment of ${horse.name}`
      }
      visible
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
          onClick={() => void submit()}
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
            disabled={busy}
            {...register('method', { onChange: edited })}
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
              control={control}
              register={register}
              amount={amount}
              amountCents={amountCents}
              disabled={busy}
              onEdit={edited}
            />
          ) : (
            <>
              <CFormLabel htmlFor={`${fieldId}-reference`} className="mt-3">
                Reference (check number, receipt; optional)
              </CFormLabel>
              <CFormInput
                id={`${fieldId}-reference`}
                maxLength={200}
                disabled={busy}
                {...register('reference')}
              />
              <CFormLabel htmlFor={`${fieldId}-note`} className="mt-3">
                Note (optional)
              </CFormLabel>
              <CFormTextarea
                id={`${fieldId}-note`}
                rows={2}
                maxLength={2000}
                disabled={busy}
                {...register('note')}
              />
            </>
          )}
          <Controller
            control={control}
            name="prepayDNAFee"
            render={({ field }) => (
              <CheckField
                id={`${fieldId}-dna`}
                className="mt-3"
                label={
                  isCharge(method)
                    ? 'Include the prepaid DNA fee'
                    : 'The DNA fee was prepaid with it'
                }
                checked={field.value}
                disabled={busy}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            )}
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
            maxLength={PAYMENT_REASON_MAX}
            disabled={busy}
            {...register('reason', { onChange: edited })}
          />
        </>
      )}
    </ActionDialog>
  );
}
