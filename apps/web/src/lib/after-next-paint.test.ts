import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPaintIsShown } from './after-next-paint';

describe('afterNextPaint', () => {
  it('runs the work later, not in the same task', async () => {
    const work = vi.fn();
    afterNextPaint(work);
    expect(work).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
  });

  it('never runs cancelled work', async () => {
    const work = vi.fn();
    const after = vi.fn();
    afterNextPaint(work)();
    afterNextPaint(after);
    await vi.waitFor(() => expect(after).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(work).not.toHaveBeenCalled();
  });
});

describe('afterPaintIsShown', () => {
  afterEach(() => vi.useRealTimers());
  const fake = () =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });

  it('waits two frames and then 100 ms more', () => {
    fake();
    const work = vi.fn();
    afterPaintIsShown(work);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(99);
    expect(work).not.toHaveBeenCalled();
    // The task after the frames, then the 100 ms.
    vi.advanceTimersByTime(5);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs cancelled work, even once the frames have passed', () => {
    fake();
    const work = vi.fn();
    const cancel = afterPaintIsShown(work);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
  });
});
