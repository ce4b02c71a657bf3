import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

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
