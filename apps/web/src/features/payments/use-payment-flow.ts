import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../stores/use-toast';
import { createPaymentFlow, type FlowPhase, type PaymentRequest } from './payment-flow';
import { loadPaymentProvider } from './load-provider';
import { fetchPaymentStatus, processPayment } from './payments-api';
import { askSandboxVerification, clearSandboxVerification } from './sandbox-verification';

/**
 * The payment flow for a dialog: its phase as state, and polling stopped when the dialog
 * unmounts. deleteHorse comes from the caller (the horses feature owns that call).
 */
export function usePaymentFlow({
  deleteHorse,
  onFinished,
  process = processPayment,
  succeededMessage,
}: {
  deleteHorse: (horseId: string) => Promise<unknown>;
  onFinished: () => void;
  /**
   * The charge call: a horse's registration fees by default; a member transfer's fee passes its
   * own (the flow's `horseId` is then the transfer's id).
   */
  process?: typeof processPayment;
  /** What a payment confirmed after its verification step says (a transfer fee's words). */
  succeededMessage?: string;
}) {
  const toast = useToast();
  const [phase, setPhase] = useState<FlowPhase>('idle');
  const finishedRef = useRef(onFinished);
  const deleteRef = useRef(deleteHorse);
  useEffect(() => {
    finishedRef.current = onFinished;
    deleteRef.current = deleteHorse;
  });
  const [flow] = useState(() =>
    createPaymentFlow({
      toast,
      process,
      ...(succeededMessage ? { succeededMessage } : {}),
      checkStatus: fetchPaymentStatus,
      deleteHorse: (id) => deleteRef.current(id),
      nextAction: async ({ clientSecret, url }) => {
        const provider = await loadPaymentProvider();
        if (clientSecret && provider.handleNextAction) {
          return provider.handleNextAction(clientSecret);
        }
        return url ? askSandboxVerification(url) : {};
      },
      onFinished: () => finishedRef.current(),
      onPhase: setPhase,
    }),
  );
  useEffect(
    () => () => {
      flow.close();
      clearSandboxVerification();
    },
    [flow],
  );
  return {
    phase,
    busy: phase === 'creating-method' || phase === 'processing',
    waiting: phase === 'waiting' || phase === 'verifying',
    pay: (request: PaymentRequest) => flow.pay(request),
    close: () => {
      flow.close();
      clearSandboxVerification();
    },
  };
}
