import { PAYMENT_MESSAGES } from '@registry/domain';
import type { ToastApi } from '../../stores/use-toast';
import type { MethodResult } from './secure-entry';
import { startPaymentPoll, type PollOptions, type PollOutcome } from './payment-poll';
import type {
  BillingInfoToSend,
  PaymentIntentStatus,
  PaymentProcessAnswer,
  PaymentProcessBody,
} from './payments-api';

export type FlowPhase =
  'idle' | 'creating-method' | 'processing' | 'verifying' | 'waiting' | 'done';

export interface PaymentFlowDeps {
  toast: ToastApi;
  process: (horseId: string, body: PaymentProcessBody) => Promise<PaymentProcessAnswer>;
  checkStatus: (paymentIntentId: string) => Promise<PaymentIntentStatus>;
  deleteHorse: (horseId: string) => Promise<unknown>;
  /**
   * The payment's next action, inside this page (no popup): Stripe's `handleNextAction` with
   * the client secret, or the sandbox's verification step for its approval URL. Resolves when
   * the payer is done there; the outcome is then read from the server.
   */
  nextAction: (step: { clientSecret?: string; url?: string }) => Promise<{ error?: string }>;
  /** The payment is over one way or another: close the modal, refresh the list. */
  onFinished: () => void;
  onPhase?: (phase: FlowPhase) => void;
  /** Said when a payment confirmed by polling succeeded; a registration's words by default. */
  succeededMessage?: string;
  poll?: (options: PollOptions) => () => void;
}

export interface PaymentRequest {
  horseId: string;
  createMethod: () => Promise<MethodResult>;
  billingInfo: BillingInfoToSend;
  prepayDNAFee: boolean;
  /** The agreement the payer ticked (the server refuses a bank debit without it). */
  checkedAgreement: boolean;
  /** Registration: the horse saved a moment ago goes away if no payment method can be made. */
  deleteHorseOnMethodError: boolean;
}

function messageOf(caught: unknown): string | undefined {
  if (typeof caught !== 'object' || caught === null) return undefined;
  const { error, message } = caught as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return undefined;
}

/**
 * Spec §4 after the horse is saved: payment method, payment-process, then either done or
 * (3-D Secure) the verification inside the page and status polling (5 s, 300000 ms). Plain functions so the whole path is testable
 * with fake timers; usePaymentFlow binds it to React state.
 */
export function createPaymentFlow(deps: PaymentFlowDeps) {
  let stopPoll: (() => void) | null = null;
  let closed = false;
  const phase = (next: FlowPhase) => {
    if (!closed) deps.onPhase?.(next);
  };
  const finish = () => {
    if (closed) return;
    phase('done');
    deps.onFinished();
  };

  function onPollDone(outcome: PollOutcome) {
    stopPoll = null;
    if (outcome.kind === 'succeeded') {
      deps.toast.success(deps.succeededMessage ?? PAYMENT_MESSAGES.registered);
    } else if (outcome.kind === 'processing') deps.toast.info(PAYMENT_MESSAGES.processing);
    else if (outcome.kind === 'failed') deps.toast.danger(PAYMENT_MESSAGES.failed);
    else if (outcome.kind === 'timeout') deps.toast.warning(PAYMENT_MESSAGES.inProgress);
    else deps.toast.danger(PAYMENT_MESSAGES.statusCheckFailed);
    finish();
  }

  /** Resolves with true when the payment is over (paid, failed or handed to polling). */
  async function pay(request: PaymentRequest): Promise<boolean> {
    closed = false;
    phase('creating-method');
    let method: MethodResult;
    try {
      method = await request.createMethod();
    } catch (caught) {
      method = { error: messageOf(caught) ?? PAYMENT_MESSAGES.processFailed };
    }
    if ('error' in method) {
      if (request.deleteHorseOnMethodError) {
        await deps.deleteHorse(request.horseId).catch(() => undefined);
      }
      deps.toast.danger(method.error);
      phase('idle');
      return false;
    }

    phase('processing');
    let answer: PaymentProcessAnswer;
    try {
      answer = await deps.process(request.horseId, {
        paymentMethodId: method.id,
        billingInfo: request.billingInfo,
        fees: { prepayDNAFee: request.prepayDNAFee },
        checkedAgreement: request.checkedAgreement,
      });
    } catch (caught) {
      deps.toast.danger(messageOf(caught) ?? PAYMENT_MESSAGES.processFailed);
      finish();
      return true;
    }

    // Microdeposits take business days: the link is in the payer's mailbox, nothing to await.
    if (answer.nextAction === 'verify_with_microdeposits') {
      deps.toast.info(answer.message || PAYMENT_MESSAGES.bankVerificationEmailed);
      finish();
      return true;
    }
    if (answer.clientSecret || answer.url) {
      phase('verifying');
      const done = await deps.nextAction({
        ...(answer.clientSecret ? { clientSecret: answer.clientSecret } : {}),
        ...(answer.url ? { url: answer.url } : {}),
      });
      if (done.error && !closed) deps.toast.danger(done.error);
      if (!answer.paymentIntentId || closed) {
        finish();
        return true;
      }
      phase('waiting');
      stopPoll = (deps.poll ?? startPaymentPoll)({
        paymentIntentId: answer.paymentIntentId,
        check: deps.checkStatus,
        onDone: onPollDone,
      });
      return true;
    }
    if (answer.success) deps.toast.success(answer.message || PAYMENT_MESSAGES.registered);
    else deps.toast.danger(answer.error || answer.message || PAYMENT_MESSAGES.processFailed);
    finish();
    return true;
  }

  /** The modal closed: no more polling, and no late toast or state change. */
  function close() {
    closed = true;
    stopPoll?.();
    stopPoll = null;
  }

  return { pay, close };
}
