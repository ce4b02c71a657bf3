import './registration/registration.css';
import '../../components/form-field.css';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  MEMBER_TRANSFER_MESSAGES,
  buildHorseSchema,
  defaultHorseValues,
  feesFor,
} from '@registry/domain';
import type { HorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';
import { OrderSummaryDialog } from '../payments/order-summary-dialog';
import {
  bankAccountByProvider,
  cardFieldsReady,
  createPaymentMethod,
} from '../payments/payment-method';
import { billingInfoToSend, processTransferFee } from '../payments/payments-api';
import { usePaymentFlow } from '../payments/use-payment-flow';
import { CardEntry } from '../payments/card-entry';
import { deleteHorse } from './api/horses-api';
import { focusFirstError } from './registration/focus-first-error';
import { errorPaths } from './registration/form-errors';
import type { HorseFormOutput, HorseFormValues } from './registration/form-values';
import { RegistrationContext } from './registration/registration-context';
import { FeesBillingSection } from './registration/sections/fees-billing-section';
import { useOwnerPrefill } from './registration/use-owner-prefill';

/**
 * The register form's section 17 rules; the verification answer only prices the order. Stripe
 * links a bank account itself, so its rules leave out the typed routing and account numbers.
 */
function paySchemaFor(bankAccountLinked: boolean) {
  const { fees, billingInfo, checkedAgreement } = buildHorseSchema('register', {
    bankAccountByProvider: bankAccountLinked,
  }).shape;
  return z.object({
    fees,
    billingInfo,
    checkedAgreement,
    performanceVerification: z.string(),
  });
}
const paySchema = paySchemaFor(false);
type PayOutput = z.output<typeof paySchema>;
type PayResolver = Resolver<HorseFormValues, unknown, PayOutput>;
const typedBankRules = zodResolver(paySchema) as unknown as PayResolver;
let linkedBankRules: PayResolver | undefined;
const payResolver: PayResolver = (values, context, options) => {
  if (!bankAccountByProvider()) return typedBankRules(values, context, options);
  linkedBankRules ??= zodResolver(paySchemaFor(true)) as unknown as PayResolver;
  return linkedBankRules(values, context, options);
};

function payValues(horse: HorseSummary | undefined): HorseFormValues {
  const defaults = defaultHorseValues('register');
  return {
    ...defaults,
    performanceVerification: horse?.performanceVerification ?? '',
    fees: feesFor({ performanceVerification: horse?.performanceVerification }),
  };
}

/** A member transfer's fee, paid through this same dialog (issue 31 item 1). */
export interface TransferFeeCharge {
  transferId: string;
  horseName: string;
  feeCents: number;
}

const TRANSFER_FEE_LABEL = 'Transfer Fee';

/**
 * Pays for a horse left unpaid (or whose payment failed), or the fees an edit added after paying
 * (only the lines not yet paid: `feesPaid`), from its My Horses row: section 17
 * of the register form on its own, the order summary, then the same payment call and outcomes
 * as registering. An existing horse is never deleted when the payment method fails.
 */
export default function PayDialog({
  horse,
  transfer,
  onClose,
  onFinished,
}: {
  onClose: () => void;
  onFinished: () => void;
} & ({ horse: HorseSummary; transfer?: never } | { horse?: never; transfer: TransferFeeCharge })) {
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [cardEntry] = useState(() => new CardEntry());
  const [pending, setPending] = useState<PayOutput | null>(null);
  const submittedRef = useRef(false);
  const methods = useForm<HorseFormValues, unknown, PayOutput>({
    mode: 'onChange',
    defaultValues: payValues(horse),
    resolver: payResolver,
    shouldFocusError: false,
  });
  // Billing starts from the member's profile, as when registering (only empty fields).
  useOwnerPrefill(true, methods);
  const flow = usePaymentFlow({
    deleteHorse,
    ...(transfer
      ? { process: processTransferFee, succeededMessage: MEMBER_TRANSFER_MESSAGES.feePaid }
      : {}),
    onFinished: () => {
      setPending(null);
      onFinished();
    },
  });
  // Only the fees section is shown: it reads no stored record (the row is a list summary).
  const context = useMemo(
    () => ({
      mode: 'register' as const,
      readOnly: false,
      horse: null,
      submittedRef,
      cardEntry,
      feesPaid: horse?.feesPaid,
      ...(transfer ? { fixedFee: { label: TRANSFER_FEE_LABEL, cents: transfer.feeCents } } : {}),
    }),
    [cardEntry, horse?.feesPaid, transfer],
  );
  const modalOf = useCallback(() => bodyRef.current?.closest('.modal') ?? document.body, []);

  function review() {
    submittedRef.current = true;
    void methods.handleSubmit(
      (values) => {
        if (cardFieldsReady(values.billingInfo, cardEntry)) setPending(values);
      },
      (errors) => {
        cardFieldsReady(methods.getValues('billingInfo'), cardEntry);
        focusFirstError(bodyRef.current, errorPaths(errors));
      },
    )();
  }

  async function proceed() {
    if (!pending) return;
    const billing = pending.billingInfo as NonNullable<HorseFormOutput['billingInfo']>;
    const over = await flow.pay({
      horseId: transfer ? transfer.transferId : horse._id,
      createMethod: () => createPaymentMethod(billing, cardEntry),
      billingInfo: billingInfoToSend(billing),
      prepayDNAFee: transfer ? false : pending.fees.prepayDNAFee,
      checkedAgreement: pending.checkedAgreement === true,
      deleteHorseOnMethodError: false,
    });
    if (!over) setPending(null);
  }

  const close = () => {
    flow.close();
    onClose();
  };

  return (
    <CModal
      visible
      backdrop="static"
      keyboard={false}
      size="lg"
      scrollable
      fullscreen="md"
      onClose={close}
      aria-labelledby={titleId}
    >
      <CModalHeader closeButton={false}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {transfer
            ? `Pay the transfer fee for ${transfer.horseName}`
            : `Pay for ${horseDisplayName(horse)}`}
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        <div ref={bodyRef} className="horse-form">
          <FormProvider {...methods}>
            <RegistrationContext.Provider value={context}>
              <form noValidate onSubmit={(event) => event.preventDefault()}>
                <FeesBillingSection />
              </form>
            </RegistrationContext.Provider>
          </FormProvider>
        </div>
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={flow.busy} onClick={close}>
          Close
        </CButton>
        <CButton color="primary" disabled={flow.busy || flow.waiting} onClick={review}>
          Review and pay
        </CButton>
      </CModalFooter>
      <OrderSummaryDialog
        visible={pending !== null}
        choices={{
          performanceVerification: horse?.performanceVerification,
          prepayDNAFee: pending?.fees.prepayDNAFee,
          feesPaid: horse?.feesPaid,
        }}
        {...(transfer
          ? { lines: [{ key: 'transfer', label: TRANSFER_FEE_LABEL, cents: transfer.feeCents }] }
          : {})}
        busy={flow.busy || flow.waiting}
        status={
          flow.waiting ? 'Waiting for the payment to be confirmed…' : flow.busy ? 'Paying…' : null
        }
        cancelLabel={flow.waiting ? 'Close' : 'Cancel'}
        cancelEnabledWhileBusy={flow.waiting}
        onProceed={() => void proceed()}
        onCancel={() => (flow.waiting ? (flow.close(), onFinished()) : setPending(null))}
        container={modalOf}
      />
    </CModal>
  );
}
