import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '@registry/domain';
import { startPaymentPoll, type PollOutcome } from './payment-poll';
import type { PaymentIntentStatus } from './payments-api';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function poll(answers: (count: number) => PaymentIntentStatus | Error) {
  let count = 0;
  const check = vi.fn(async (id: string) => {
    expect(id).toBe('pi_1');
    count += 1;
    const answer = answers(count);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onDone = vi.fn<(outcome: PollOutcome) => void>();
  const stop = startPaymentPoll({ paymentIntentId: 'pi_1', check, onDone });
  return { check, onDone, stop };
}

describe('startPaymentPoll', () => {
  it('asks every 5 s while requires_action and stops on succeeded', async () => {
    const { check, onDone } = poll((n) => (n < 3 ? 'requires_action' : 'succeeded'));
    expect(PAYMENT_POLL_INTERVAL_MS).toBe(5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'succeeded' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it.each<'failed' | 'canceled'>(['failed', 'canceled'])('calls %s a failure', async (status) => {
    const { onDone } = poll(() => status);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'failed', status });
  });

  it('ends on processing (a bank debit takes days) as processing, not as a failure', async () => {
    const { check, onDone } = poll(() => 'processing');
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'processing' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('gives up after 300000 ms with a timeout', async () => {
    const { check, onDone } = poll(() => 'requires_action');
    expect(PAYMENT_POLL_TIMEOUT_MS).toBe(300_000);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(onDone).not.toHaveBeenCalled();
    const asked = check.mock.calls.length;
    expect(asked).toBe(59);
    await vi.advanceTimersByTimeAsync(1);
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check.mock.calls.length).toBe(asked);
  });

  it('reports a failed status call as an error and stops', async () => {
    const { check, onDone } = poll(() => new Error('network'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ kind: 'error' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('stops for good when stopped (the modal closed)', async () => {
    const { check, onDone, stop } = poll(() => 'requires_action');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_TIMEOUT_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
  });
});
