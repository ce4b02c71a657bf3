import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '@registry/domain';
import type { PaymentIntentStatus } from './payments-api';

export type PollOutcome =
  | { kind: 'succeeded' }
  | { kind: 'processing' }
  | {
      kind: 'failed';
      status: Exclude<PaymentIntentStatus, 'requires_action' | 'processing' | 'succeeded'>;
    }
  | { kind: 'timeout' }
  | { kind: 'error' };

export interface PollOptions {
  paymentIntentId: string;
  check: (paymentIntentId: string) => Promise<PaymentIntentStatus>;
  onDone: (outcome: PollOutcome) => void;
  intervalMs?: number;
  timeoutMs?: number;
}

/**
 * Spec §4: asks for the status every 5 s while it is requires_action; gives up after
 * 300000 ms. `processing` (a bank debit takes days) ends the poll as its own outcome, not as
 * a failure (docs/decisions/0046-processing-bank-debits-are-not-failures.md). Returns stop(), after
 * which onDone is never called (closing the modal). One request at a time: the next check is
 * scheduled only after the previous one answered.
 */
export function startPaymentPoll({
  paymentIntentId,
  check,
  onDone,
  intervalMs = PAYMENT_POLL_INTERVAL_MS,
  timeoutMs = PAYMENT_POLL_TIMEOUT_MS,
}: PollOptions): () => void {
  let stopped = false;
  let tick: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(tick);
    clearTimeout(deadline);
  };
  const finish = (outcome: PollOutcome) => {
    if (stopped) return;
    stop();
    onDone(outcome);
  };
  const deadline = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);

  const schedule = () => {
    tick = setTimeout(() => {
      check(paymentIntentId).then(
        (status) => {
          if (stopped) return;
          if (status === 'requires_action') schedule();
          else if (status === 'succeeded') finish({ kind: 'succeeded' });
          else if (status === 'processing') finish({ kind: 'processing' });
          else finish({ kind: 'failed', status });
        },
        () => finish({ kind: 'error' }),
      );
    }, intervalMs);
  };
  schedule();
  return stop;
}
