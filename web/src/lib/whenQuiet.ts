/**
 * `callback` once calls have stopped for `quietMs`: a burst of `schedule()` runs it once, after the
 * last; a burst longer than `maxWaitMs` (keys held down) also runs it every `maxWaitMs` meanwhile.
 * `cancel()` drops a pending call.
 */
export function whenQuiet(callback: () => void, quietMs: number, maxWaitMs = Infinity): { schedule(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the burst's first call not yet answered by the callback came. */
  let burstStart: number | null = null;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    burstStart = null;
  };
  const run = () => {
    timer = undefined;
    burstStart = null;
    callback();
  };
  return {
    schedule() {
      const now = Date.now();
      burstStart ??= now;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(run, Math.max(0, Math.min(quietMs, burstStart + maxWaitMs - now)));
    },
    cancel,
  };
}
