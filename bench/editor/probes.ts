import type { Page } from 'playwright-core';

/**
 * Scripts that run in the editor page. Written as source text, like `roundtrip/nativeEcho.ts`:
 * the page receives them verbatim, without helpers a TS loader might add.
 *
 * "Next paint" is taken as: the first requestAnimationFrame callback after the event, then a task
 * posted from it through a MessageChannel. rAF callbacks run in the rendering step of a frame, right
 * before style, layout and paint; the posted task runs once that rendering step is over, i.e. after
 * the frame that shows the keystroke has been painted on the main thread (compositing and display
 * are off the main thread and not counted).
 */

const AFTER_PAINT = `(callback) => requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => callback(performance.now());
  channel.port2.postMessage(0);
})`;

/** Installs (or resets) the keystroke probe: a capture keydown listener, Event Timing and long tasks. */
const INSTALL_KEY_PROBE = `() => {
  const afterPaint = ${AFTER_PAINT};
  let probe = globalThis.__vmarkKeyProbe;
  if (!probe) {
    probe = globalThis.__vmarkKeyProbe = { samples: [], eventTiming: [], longTasks: [], waiters: [] };
    window.addEventListener('keydown', (event) => {
      // event.timeStamp: when the browser created the event, so input delay (a busy main thread) counts
      const start = event.timeStamp;
      const handled = performance.now();
      afterPaint((painted) => {
        probe.samples.push({ key: event.key, start, handled, painted });
        probe.waiters = probe.waiters.filter((w) => (probe.samples.length >= w.count ? (w.resolve(), false) : true));
      });
    }, { capture: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'keydown') {
          probe.eventTiming.push({ duration: entry.duration, processing: entry.processingEnd - entry.processingStart });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16 });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  }
  probe.samples = [];
  probe.eventTiming = [];
  probe.longTasks = [];
}`;

const WAIT_SAMPLES = `(count) => new Promise((resolve, reject) => {
  const probe = globalThis.__vmarkKeyProbe;
  if (probe.samples.length >= count) return resolve();
  const timer = setTimeout(() => reject(new Error('no paint after keystroke ' + count + ' within 60 s')), 60000);
  probe.waiters.push({ count, resolve: () => { clearTimeout(timer); resolve(); } });
})`;

const READ_KEY_PROBE = `() => {
  const probe = globalThis.__vmarkKeyProbe;
  return {
    latencies: probe.samples.map((s) => s.painted - s.start),
    inputDelays: probe.samples.map((s) => s.handled - s.start),
    eventTiming: probe.eventTiming,
    longTasks: probe.longTasks,
  };
}`;

export interface KeyProbeResult {
  /** keydown (event.timeStamp) → after the next frame was painted, ms. */
  latencies: number[];
  /** keydown event.timeStamp → the capture listener running, ms. */
  inputDelays: number[];
  /** Chromium's Event Timing entries for keydown (only those of ≥ 16 ms are reported). */
  eventTiming: { duration: number; processing: number }[];
  longTasks: number[];
}

export const installKeyProbe = (page: Page): Promise<void> => page.evaluate(`(${INSTALL_KEY_PROBE})()`) as Promise<void>;
export const waitForSamples = (page: Page, count: number): Promise<void> => page.evaluate(`(${WAIT_SAMPLES})(${count})`) as Promise<void>;
export const readKeyProbe = (page: Page): Promise<KeyProbeResult> => page.evaluate(`(${READ_KEY_PROBE})()`) as Promise<KeyProbeResult>;

/**
 * Arms the open probe before the tab is switched to: resolves with ms from arming to the paint
 * after the editor for `title` shows `marker` (WYSIWYG: in one of its last blocks, since
 * ProseMirror renders the whole document; source: in its first line, since CodeMirror renders only
 * the viewport), and which editor it was.
 */
const ARM_OPEN = `(args) => {
  const afterPaint = ${AFTER_PAINT};
  const started = performance.now();
  let firstScreen;
  globalThis.__vmarkOpenProbe = new Promise((resolve, reject) => {
    const find = () => {
      const wysiwyg = document.querySelector('[aria-label="' + args.title + ' document"]');
      if (wysiwyg) {
        if (!args.lastMarker) return { mode: 'wysiwyg' };
        // first screen: the first block shown in an editor that takes input (a large document's rest may still be parsing)
        if (firstScreen === undefined && wysiwyg.getAttribute('contenteditable') === 'true' && wysiwyg.firstElementChild && wysiwyg.firstElementChild.textContent.includes(args.firstMarker)) {
          firstScreen = null;
          afterPaint((painted) => { firstScreen = painted - started; });
        }
        for (let el = wysiwyg.lastElementChild, i = 0; el && i < 4; el = el.previousElementSibling, i++) {
          if (el.textContent.includes(args.lastMarker)) return { mode: 'wysiwyg' };
        }
        return null;
      }
      const source = document.querySelector('[aria-label="' + args.title + ' source"]');
      if (source) {
        if (!args.firstMarker) return { mode: 'source' };
        const line = source.querySelector('.cm-line');
        return line && line.textContent.includes(args.firstMarker) ? { mode: 'source' } : null;
      }
      return null;
    };
    let done = false;
    const check = () => {
      if (done) return;
      const found = find();
      if (!found) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      afterPaint((painted) => resolve({ ms: painted - started, firstScreenMs: typeof firstScreen === 'number' ? firstScreen : painted - started, mode: found.mode }));
    };
    if (document.querySelector('[aria-label="' + args.title + ' document"], [aria-label="' + args.title + ' source"]')) {
      return reject(new Error('the editor for ' + args.title + ' is already shown before switch_tab'));
    }
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('the editor for ' + args.title + ' did not show up in 120 s')); }, 120000);
    check();
  });
}`;

export interface OpenMarkers {
  title: string;
  firstMarker?: string;
  lastMarker?: string;
}

export const armOpenProbe = (page: Page, markers: OpenMarkers): Promise<void> =>
  page.evaluate(`(${ARM_OPEN})(${JSON.stringify(markers)})`) as Promise<void>;
/** `ms`: until the last block is shown (all blocks); `firstScreenMs` (WYSIWYG): until the first block is shown in an editor taking input. */
export const openProbeResult = (page: Page): Promise<{ ms: number; firstScreenMs: number; mode: 'wysiwyg' | 'source' }> =>
  page.evaluate('globalThis.__vmarkOpenProbe') as Promise<{ ms: number; firstScreenMs: number; mode: 'wysiwyg' | 'source' }>;

/**
 * Source mode only: scrolls the editor to the end (every scrollable ancestor, again on each frame,
 * as CodeMirror corrects its height estimates) and resolves with ms until a painted line shows
 * `lastMarker`.
 */
const SCROLL_TO_END = `(args) => new Promise((resolve, reject) => {
  const afterPaint = ${AFTER_PAINT};
  const content = document.querySelector('[aria-label="' + args.title + ' source"]');
  if (!content) return reject(new Error('no source editor for ' + args.title));
  const started = performance.now();
  const deadline = started + 30000;
  const step = () => {
    for (let el = content; el; el = el.parentElement) if (el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
    const lines = content.querySelectorAll('.cm-line');
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 5; i--) {
      if (lines[i].textContent.includes(args.lastMarker)) return afterPaint((painted) => resolve(painted - started));
    }
    if (performance.now() > deadline) return reject(new Error('the last line of ' + args.title + ' did not show up in 30 s'));
    requestAnimationFrame(step);
  };
  step();
})`;

export const scrollSourceToEnd = (page: Page, title: string, lastMarker: string): Promise<number> =>
  page.evaluate(`(${SCROLL_TO_END})(${JSON.stringify({ title, lastMarker })})`) as Promise<number>;
