import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMinDelay } from './min-delay.ts';

describe('withMinDelay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not resolve before the delay even when the promise is already resolved', async () => {
    const onResolve = vi.fn();
    void withMinDelay(Promise.resolve('done'), 250).then(onResolve);
    await vi.advanceTimersByTimeAsync(249);
    expect(onResolve).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onResolve).toHaveBeenCalledWith('done');
  });

  it('resolves when a slow promise resolves, after the delay', async () => {
    const onResolve = vi.fn();
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve(42), 400));
    void withMinDelay(slow, 100).then(onResolve);
    await vi.advanceTimersByTimeAsync(399);
    expect(onResolve).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onResolve).toHaveBeenCalledWith(42);
  });

  it('rejects with the original error, not before the delay', async () => {
    const onReject = vi.fn();
    void withMinDelay(Promise.reject(new Error('boom')), 100).catch(onReject);
    await vi.advanceTimersByTimeAsync(99);
    expect(onReject).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onReject).toHaveBeenCalledWith(new Error('boom'));
  });
});
