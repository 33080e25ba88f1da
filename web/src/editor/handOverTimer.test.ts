import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_FLUSH_IDLE_MS, EDITOR_FLUSH_MAX_MS } from '../documents/journalWindow';
import { handOverTimer } from './handOverTimer';

describe('handOverTimer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

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

  it('a document whose hand-over is slow is handed over less often while typing: at most 1/20 of the main thread (bench/editor: 1.1 s keystroke p95 at 10k lines)', () => {
    // each hand-over costs 1 s of main-thread time, as serialising a 10k-line document does
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const flush = vi.fn(() => {
      clock += 1_000;
      timer.cancel();
    });
    const timer = handOverTimer(flush);
    for (let t = 0; t < 30_000; t += 40) {
      timer.changed();
      vi.advanceTimersByTime(40);
    }
    // one hand-over at the first max wait, then one per ~20 s instead of one per 0.5 s
    expect(flush.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(flush.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('one hand-over slowed by a busy machine does not stretch the max wait of a small document (bench/faults: 3.4 s of typing lost under load)', () => {
    // performance.now follows the fake clock, plus what the hand-overs cost
    let spent = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now() + spent);
    const handedOverAt: number[] = [];
    const flush = vi.fn(() => {
      handedOverAt.push(Date.now());
      // the second hand-over is preempted: 60 ms of wall time, 20 × 60 ms = 1.2 s of max wait before
      spent += handedOverAt.length === 2 ? 60 : 1;
      timer.cancel();
    });
    const timer = handOverTimer(flush);
    for (let t = 0; t < 4_000; t += 40) {
      timer.changed();
      vi.advanceTimersByTime(40);
    }
    expect(handedOverAt.length).toBeGreaterThanOrEqual(5);
    const gaps = handedOverAt.slice(1).map((at, i) => at - handedOverAt[i]!);
    // the max wait, plus at most a frame's wait before and after it
    expect(Math.max(...gaps)).toBeLessThanOrEqual(EDITOR_FLUSH_MAX_MS + 200);
  });

  it('continuous typing that holds the timers back (input runs first on a busy machine) still hands over, after the keystroke that finds it overdue', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const flush = vi.fn(() => timer.cancel());
    const timer = handOverTimer(flush);
    // 3 s of keystrokes every 40 ms, and not one timer runs meanwhile
    for (; clock < 3_000; clock += 40) {
      timer.changed();
      await Promise.resolve();
    }
    expect(flush.mock.calls.length).toBeGreaterThanOrEqual(Math.floor(3_000 / (EDITOR_FLUSH_MAX_MS + 100 + 40)));
  });

  it('leaves no timer behind once cancelled', () => {
    const flush = vi.fn();
    const timer = handOverTimer(flush);
    timer.changed();
    timer.cancel();
    vi.advanceTimersByTime(EDITOR_FLUSH_MAX_MS * 2);
    expect(flush).not.toHaveBeenCalled();
  });

  it('the max-wait hand-over while typing goes on runs right after the frame of the next keystroke (the one after is then furthest away), after the next frame at the max wait, or 100 ms later if no frame comes (a hidden page)', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      const flush = vi.fn(() => timer.cancel());
      const timer = handOverTimer(flush);
      const typeFor = (ms: number, every: number) => {
        for (let t = 0; t < ms; t += every) {
          timer.changed();
          vi.advanceTimersByTime(every);
        }
      };
      // keystrokes every 40 ms: no frame is waited for until 100 ms before the max wait
      typeFor(EDITOR_FLUSH_MAX_MS - 100, 40);
      expect(frames).toHaveLength(0);
      timer.changed();
      expect(frames).toHaveLength(1);
      frames[0]!(0);
      expect(flush).not.toHaveBeenCalled();
      vi.advanceTimersByTime(0);
      expect(flush).toHaveBeenCalledTimes(1);

      // keystrokes every 130 ms up to 390 ms: none comes in the last 100 ms (nor a pause long enough), so the max wait asks for a frame itself
      typeFor(EDITOR_FLUSH_MAX_MS - 110, 130);
      vi.advanceTimersByTime(109);
      expect(frames).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(frames).toHaveLength(2);
      frames[1]!(0);
      vi.advanceTimersByTime(0);
      expect(flush).toHaveBeenCalledTimes(2);

      // no frame: the hand-over still happens
      typeFor(EDITOR_FLUSH_MAX_MS - 100 + 40, 40);
      expect(frames).toHaveLength(3);
      expect(flush).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(100);
      expect(flush).toHaveBeenCalledTimes(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
