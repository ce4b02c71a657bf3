import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { ToastApi } from '../../stores/use-toast';
import { createPaymentFlow, type PaymentFlowDeps, type PaymentRequest } from './payment-flow';
import type { PaymentIntentStatus, PaymentProcessAnswer } from './payments-api';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(process: () => Promise<PaymentProcessAnswer>, statuses: PaymentIntentStatus[] = []) {
  const toasts: [string, string][] = [];
  const toast = Object.fromEntries(
    (['success', 'danger', 'warning', 'info'] as const).map((kind) => [
      kind,
      (message: string) => {
        toasts.push([kind, message]);
      },
    ]),
  ) as unknown as ToastApi;
  const deps = {
    toast,
    process: vi.fn(process),
    checkStatus: vi.fn(async () => statuses.shift() ?? 'requires_action'),
    deleteHorse: vi.fn(async () => undefined),
    nextAction: vi.fn(async () => ({})),
    onFinished: vi.fn(),
    onPhase: vi.fn(),
  } satisfies PaymentFlowDeps;
  return { deps, toasts, flow: createPaymentFlow(deps) };
}

const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  horseId: 'h1',
  createMethod: async () => ({ id: 'pm_1' }),
  billingInfo: {
    billingAddress: '1 Barn Road',
    phoneNumber: '8595550100',
    email: 'ada@example.org',
    accountHolderName: 'Ada Rider',
    accountHolderSignature: 'data:image/png;base64,AA',
    paymentInfo: { paymentMethod: 'Credit Card', creditCard: { cardType: 'VISA' } },
  },
  prepayDNAFee: true,
  checkedAgreement: true,
  deleteHorseOnMethodError: true,
  ...overrides,
});

describe('createPaymentFlow', () => {
  it('deletes the just-saved horse and shows the provider error when the method fails', async () => {
    const { deps, toasts, flow } = setup(async () => ({ success: true }));
    const over = await flow.pay(
      request({ createMethod: async () => ({ error: 'Your card number is invalid.' }) }),
    );
    expect(over).toBe(false);
    expect(deps.deleteHorse).toHaveBeenCalledExactlyOnceWith('h1');
    expect(deps.process).not.toHaveBeenCalled();
    expect(toasts).toEqual([['danger', 'Your card number is invalid.']]);
    expect(deps.onFinished).not.toHaveBeenCalled();
    expect(deps.onPhase).toHaveBeenLastCalledWith('idle');
  });

  it('keeps an existing horse when paying later from its row', async () => {
    const { deps, toasts, flow } = setup(async () => ({ success: true }));
    await flow.pay(
      request({
        deleteHorseOnMethodError: false,
        createMethod: async () => {
          throw new Error('Stripe.js failed to load');
        },
      }),
    );
    expect(deps.deleteHorse).not.toHaveBeenCalled();
    expect(toasts).toEqual([['danger', 'Stripe.js failed to load']]);
  });

  it('sends the method id, the billing without numbers and the DNA choice; success closes', async () => {
    const { deps, toasts, flow } = setup(async () => ({ success: true, url: null }));
    expect(await flow.pay(request())).toBe(true);
    expect(deps.process).toHaveBeenCalledExactlyOnceWith('h1', {
      paymentMethodId: 'pm_1',
      billingInfo: request().billingInfo,
      fees: { prepayDNAFee: true },
      checkedAgreement: true,
    });
    expect(toasts).toEqual([['success', PAYMENT_MESSAGES.registered]]);
    expect(deps.onFinished).toHaveBeenCalledTimes(1);
  });

  it('shows a decline in a danger toast and closes', async () => {
    const { deps, toasts, flow } = setup(async () => {
      throw { success: false, error: 'Your card was declined.', status: 402 };
    });
    await flow.pay(request());
    expect(toasts).toEqual([['danger', 'Your card was declined.']]);
    expect(deps.onFinished).toHaveBeenCalledTimes(1);
  });

  it('says "Payment process failed" for an exception without a message', async () => {
    const { toasts, flow } = setup(async () => {
      throw {};
    });
    await flow.pay(request());
    expect(toasts).toEqual([['danger', PAYMENT_MESSAGES.processFailed]]);
  });

  it('verifies inside the page (no window is opened), polls, and reports success once approved', async () => {
    const open = vi.spyOn(window, 'open');
    const { deps, toasts, flow } = setup(
      async () => ({
        success: true,
        message: 'Further action is required',
        url: 'http://x/approve',
        paymentIntentId: 'pi_1',
      }),
      ['requires_action', 'succeeded'],
    );
    await flow.pay(request());
    expect(deps.nextAction).toHaveBeenCalledWith({ url: 'http://x/approve' });
    expect(open).not.toHaveBeenCalled();
    expect(deps.onPhase).toHaveBeenCalledWith('verifying');
    expect(toasts).toEqual([]);
    expect(deps.onPhase).toHaveBeenLastCalledWith('waiting');
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.onFinished).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.checkStatus).toHaveBeenCalledWith('pi_1');
    expect(toasts.at(-1)).toEqual(['success', PAYMENT_MESSAGES.registered]);
    expect(deps.onFinished).toHaveBeenCalledTimes(1);
  });

  it('says the caller’s words when a verified payment succeeds (a transfer fee)', async () => {
    const { deps, toasts } = setup(
      async () => ({
        success: true,
        message: 'Further action is required',
        url: 'http://x/approve',
        paymentIntentId: 'pi_2',
      }),
      ['succeeded'],
    );
    const flow = createPaymentFlow({ ...deps, succeededMessage: 'Transfer fee paid' });
    await flow.pay(request({ horseId: 't1', prepayDNAFee: false }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(toasts.at(-1)).toEqual(['success', 'Transfer fee paid']);
  });

  it('says "Payment Failed!" when the status ends otherwise', async () => {
    const { toasts, flow } = setup(
      async () => ({ success: true, url: 'http://x', paymentIntentId: 'pi_1' }),
      ['failed'],
    );
    await flow.pay(request());
    await vi.advanceTimersByTimeAsync(5000);
    expect(toasts.at(-1)).toEqual(['danger', PAYMENT_MESSAGES.failed]);
  });

  it('tells a processing payment apart from a failure (info, emailed later)', async () => {
    const { deps, toasts, flow } = setup(
      async () => ({ success: true, url: 'http://x', paymentIntentId: 'pi_1' }),
      ['processing'],
    );
    await flow.pay(request());
    await vi.advanceTimersByTimeAsync(5000);
    expect(toasts.at(-1)).toEqual(['info', PAYMENT_MESSAGES.processing]);
    expect(toasts.some(([, message]) => message === PAYMENT_MESSAGES.failed)).toBe(false);
    expect(deps.onFinished).toHaveBeenCalledTimes(1);
  });

  it('warns "Payment status is in progress" after 300000 ms and closes', async () => {
    const { deps, toasts, flow } = setup(async () => ({
      success: true,
      url: 'http://x',
      paymentIntentId: 'pi_1',
    }));
    await flow.pay(request());
    await vi.advanceTimersByTimeAsync(300_000);
    expect(toasts.at(-1)).toEqual(['warning', PAYMENT_MESSAGES.inProgress]);
    expect(deps.onFinished).toHaveBeenCalledTimes(1);
  });

  it('says "Error checking payment status." when a status call fails', async () => {
    const { deps, toasts, flow } = setup(async () => ({
      success: true,
      url: 'http://x',
      paymentIntentId: 'pi_1',
    }));
    deps.checkStatus.mockRejectedValueOnce(new Error('offline'));
    await flow.pay(request());
    await vi.advanceTimersByTimeAsync(5000);
    expect(toasts.at(-1)).toEqual(['danger', PAYMENT_MESSAGES.statusCheckFailed]);
  });

  it('stops polling when closed, with no later toast', async () => {
    const { deps, toasts, flow } = setup(async () => ({
      success: true,
      url: 'http://x',
      paymentIntentId: 'pi_1',
    }));
    await flow.pay(request());
    await vi.advanceTimersByTimeAsync(5000);
    flow.close();
    await vi.advanceTimersByTimeAsync(400_000);
    expect(deps.checkStatus).toHaveBeenCalledTimes(1);
    expect(toasts).toHaveLength(0);
    expect(deps.onFinished).not.toHaveBeenCalled();
  });

  it("hands Stripe's client secret to the in-page next action, then polls", async () => {
    const { deps, toasts, flow } = setup(
      async () => ({
        success: true,
        paymentStatus: 'requires_action',
        url: 'https://hooks.stripe.test/3ds',
        clientSecret: 'pi_2_secret_x',
        paymentIntentId: 'pi_2',
      }),
      ['succeeded'],
    );
    await flow.pay(request());
    expect(deps.nextAction).toHaveBeenCalledWith({
      clientSecret: 'pi_2_secret_x',
      url: 'https://hooks.stripe.test/3ds',
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.checkStatus).toHaveBeenCalledWith('pi_2');
    expect(toasts.at(-1)).toEqual(['success', PAYMENT_MESSAGES.registered]);
  });

  it('does not wait for microdeposits: says the link was emailed and finishes without polling', async () => {
    const { deps, toasts, flow } = setup(async () => ({
      success: true,
      paymentStatus: 'requires_action',
      nextAction: 'verify_with_microdeposits',
      url: null,
      message: PAYMENT_MESSAGES.bankVerificationEmailed,
      paymentIntentId: 'pi_3',
    }));
    await flow.pay(request());
    expect(toasts).toEqual([['info', PAYMENT_MESSAGES.bankVerificationEmailed]]);
    expect(deps.nextAction).not.toHaveBeenCalled();
    expect(deps.onFinished).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(deps.checkStatus).not.toHaveBeenCalled();
  });
});
