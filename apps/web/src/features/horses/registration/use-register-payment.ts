import { useRef, useState } from 'react';
import type { Horse } from '../../../lib/horse-types';
import { CardEntry } from '../../payments/card-entry';
import { cardFieldsReady, createPaymentMethod } from '../../payments/payment-method';
import { billingInfoToSend } from '../../payments/payments-api';
import { usePaymentFlow } from '../../payments/use-payment-flow';
import { deleteHorse } from '../api/horses-api';
import type { HorseFormOutput } from './form-values';

/**
 * Register mode's path after a valid Save (spec §4): the order summary, then on Proceed the
 * horse is saved and paid for. `saveHorse` is the form's own save (it shows server errors
 * under the fields) and answers the stored horse, or null when the save failed.
 */
export function useRegisterPayment({
  saveHorse,
  onSaved,
}: {
  saveHorse: (values: HorseFormOutput) => Promise<Horse | null>;
  onSaved: (horse: Horse) => void;
}) {
  const [cardEntry] = useState(() => new CardEntry());
  const [pending, setPending] = useState<HorseFormOutput | null>(null);
  const [working, setWorking] = useState(false);
  const savedRef = useRef<Horse | null>(null);
  const flow = usePaymentFlow({
    deleteHorse,
    onFinished: () => {
      setPending(null);
      if (savedRef.current) onSaved(savedRef.current);
    },
  });

  /** After the form's own checks: the card fields too, then the summary. */
  function review(values: HorseFormOutput): boolean {
    if (!cardFieldsReady(values.billingInfo, cardEntry)) return false;
    setPending(values);
    return true;
  }

  /** Shows the card fields' messages when the rest of the form is invalid too. */
  function checkCard(billing: { paymentInfo?: { paymentMethod?: string } } | undefined) {
    cardFieldsReady(billing, cardEntry);
  }

  async function proceed() {
    const values = pending;
    if (!values?.billingInfo || working) return;
    setWorking(true);
    const horse = await saveHorse(values);
    if (!horse) {
      setPending(null);
      setWorking(false);
      return;
    }
    savedRef.current = horse;
    const billing = values.billingInfo;
    const over = await flow.pay({
      horseId: horse._id,
      createMethod: () => createPaymentMethod(billing, cardEntry),
      billingInfo: billingInfoToSend(billing),
      prepayDNAFee: values.fees?.prepayDNAFee === true,
      checkedAgreement: values.checkedAgreement === true,
      deleteHorseOnMethodError: true,
    });
    if (!over) {
      // The horse is gone again; the payer fixes the card or account and saves once more.
      savedRef.current = null;
      setPending(null);
    }
    setWorking(false);
  }

  /** Cancel before paying returns to the form; while waiting it ends the wait (horse saved). */
  function cancel() {
    if (flow.waiting && savedRef.current) {
      flow.close();
      setPending(null);
      onSaved(savedRef.current);
      return;
    }
    if (!working) setPending(null);
  }

  return {
    cardEntry,
    pending,
    busy: working || flow.busy,
    waiting: flow.waiting,
    review,
    checkCard,
    proceed,
    cancel,
  };
}
