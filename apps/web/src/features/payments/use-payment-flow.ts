import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../stores/use-toast';
import { createPaymentFlow, type FlowPhase, type PaymentRequest } from './payment-flow';
import { fetchPaymentStatus, processPayment } from './payments-api';

/**
 * The payment flow for a dialog: its phase as state, and polling stopped when the dialog
 * unmounts. deleteHorse comes from the caller (the horses feature owns that call).
 */
export function usePaymentFlow({
  deleteHorse,
  onFinished,
}: {
  deleteHorse: (horseId: string) => Promise<unknown>;
  onFinished: () => void;
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
      process: processPayment,
      checkStatus: fetchPaymentStatus,
      deleteHorse: (id) => deleteRef.current(id),
      openUrl: (url) => {
        window.open(url, '_blank');
      },
      onFinished: () => finishedRef.current(),
      onPhase: setPhase,
    }),
  );
  useEffect(() => () => flow.close(), [flow]);
  return {
    phase,
    busy: phase === 'creating-method' || phase === 'processing',
    waiting: phase === 'waiting',
    pay: (request: PaymentRequest) => flow.pay(request),
    close: () => flow.close(),
  };
}
