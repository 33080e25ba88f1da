import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { whenQuiet } from './whenQuiet';

describe('whenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a burst of calls closer together than the quiet time runs the callback once, after the last', () => {
    const callback = vi.fn();
    const quiet = whenQuiet(callback, 100);
    for (let i = 0; i < 20; i++) {
      quiet.schedule();
      vi.advanceTimersByTime(40);
    }
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  test('calls further apart than the quiet time each run it', () => {
    const callback = vi.fn();
    const quiet = whenQuiet(callback, 100);
    for (let i = 0; i < 3; i++) {
      quiet.schedule();
      vi.advanceTimersByTime(150);
    }
    expect(callback).toHaveBeenCalledTimes(3);
  });

  test('a burst longer than the longest wait still runs it every longest wait (keys held down), and once after the last', () => {
    const callback = vi.fn();
    const quiet = whenQuiet(callback, 100, 500);
    for (let i = 0; i < 30; i++) {
      quiet.schedule();
      vi.advanceTimersByTime(40);
    }
    // 1,200 ms of calls 40 ms apart: at 500 and at 1,000 ms
    expect(callback).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(100);
    expect(callback).toHaveBeenCalledTimes(3);
  });

  test('cancel drops a pending call', () => {
    const callback = vi.fn();
    const quiet = whenQuiet(callback, 100);
    quiet.schedule();
    quiet.cancel();
    vi.advanceTimersByTime(200);
    expect(callback).not.toHaveBeenCalled();
  });
});
