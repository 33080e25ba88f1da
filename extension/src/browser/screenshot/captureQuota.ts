/**
 * chrome.tabs.captureVisibleTab allows two captures per second
 * (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND); calls are spaced out instead of failing.
 */
const MIN_CAPTURE_SPACING_MS = 520;
let lastCaptureAt = 0;
let queue: Promise<unknown> = Promise.resolve();

export function withCaptureSlot<T>(capture: () => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    const wait = lastCaptureAt + MIN_CAPTURE_SPACING_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await capture();
    } finally {
      lastCaptureAt = Date.now();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
