import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_FLUSH_IDLE_MS, EDITOR_FLUSH_MAX_MS } from '../documents/journalWindow';
import { handOverTimer } from './handOverTimer';

describe('handOverTimer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('hands typing over once it pauses', () => {
    const flush = vi.fn();
    const timer = handOverTimer(flush);
    timer.changed();
    vi.advanceTimersByTime(EDITOR_FLUSH_IDLE_MS - 1);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('hands typing without a pause over at least every max wait (bench/faults found 2.8 s of typing lost in a crash)', () => {
    const flush = vi.fn(() => timer.cancel());
    const timer = handOverTimer(flush);
    // a keystroke every 40 ms for 3 s: the idle timer alone would never fire
    for (let t = 0; t < 3_000; t += 40) {
      timer.changed();
      vi.advanceTimersByTime(40);
    }
    expect(flush.mock.calls.length).toBeGreaterThanOrEqual(Math.floor(3_000 / (EDITOR_FLUSH_MAX_MS + 40)));
  });

  it('leaves no timer behind once cancelled', () => {
    const flush = vi.fn();
    const timer = handOverTimer(flush);
    timer.changed();
    timer.cancel();
    vi.advanceTimersByTime(EDITOR_FLUSH_MAX_MS * 2);
    expect(flush).not.toHaveBeenCalled();
  });
});
