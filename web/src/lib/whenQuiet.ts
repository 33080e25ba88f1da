/**
 * `callback` once calls have stopped for `quietMs`: a burst of `schedule()` runs it once, after the
 * last. `cancel()` drops a pending call.
 */
export function whenQuiet(callback: () => void, quietMs: number): { schedule(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const run = () => {
    timer = undefined;
    callback();
  };
  return {
    schedule() {
      cancel();
      timer = setTimeout(run, quietMs);
    },
    cancel,
  };
}
