import { EDITOR_FLUSH_IDLE_MS, EDITOR_FLUSH_MAX_MS } from '../documents/journalWindow';

export interface HandOverTimer {
  /** The person changed the document: hand it over once typing pauses, and no later than the max wait. */
  changed(): void;
  /** The text was handed over (or the editor goes away): no timer is left. */
  cancel(): void;
}

/**
 * While the person keeps typing, a hand-over may take at most this share of the main thread: a
 * document whose hand-over (serialising it) costs 1 s is handed over every 20 s, not every 0.5 s.
 */
const MAX_WAIT_PER_HANDOVER_COST = 20;

/** How long a hand-over waits for a frame (none come while the page is hidden). */
const FRAME_WAIT_MS = 100;

/**
 * Runs `run` in a task right after the next frame was painted: a keystroke that came just before
 * is on screen by then, and the next frame is furthest away. Returns a cancel function.
 */
function afterNextPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const once = () => {
    cancel();
    run();
  };
  const cancel = () => {
    if (task !== undefined) clearTimeout(task);
    if (frame !== undefined) cancelAnimationFrame(frame);
    task = frame = undefined;
  };
  if (typeof requestAnimationFrame !== 'function') task = setTimeout(once, 0);
  else {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      if (task !== undefined) clearTimeout(task);
      task = setTimeout(once, 0);
    });
    task = setTimeout(once, FRAME_WAIT_MS);
  }
  return cancel;
}

/**
 * When an editor hands typing over to the model: EDITOR_FLUSH_IDLE_MS after it pauses, and at least
 * every EDITOR_FLUSH_MAX_MS while the person keeps typing — otherwise a person typing without a
 * pause would leave everything since their last pause outside the crash journal. For a document
 * whose hand-over is slow, the max wait grows with what the last hand-over cost, so typing stays
 * fluid (the crash window of a very large document is then that longer wait). Until a hand-over
 * was measured, `priorCostMs` estimates it.
 */
export function handOverTimer(flush: () => void, priorCostMs: () => number = () => 0): HandOverTimer {
  let idle: ReturnType<typeof setTimeout> | null = null;
  let max: ReturnType<typeof setTimeout> | null = null;
  let lastCost = 0;
  let cancelAfterPaint: (() => void) | null = null;
  const timedFlush = () => {
    const start = performance.now();
    flush();
    lastCost = performance.now() - start;
  };
  const cancel = () => {
    if (idle) clearTimeout(idle);
    if (max) clearTimeout(max);
    cancelAfterPaint?.();
    idle = max = cancelAfterPaint = null;
  };
  return {
    changed() {
      if (idle) clearTimeout(idle);
      idle = setTimeout(timedFlush, EDITOR_FLUSH_IDLE_MS);
      // the max wait lands while typing goes on: right after a frame, not in the middle of a keystroke
      max ??= setTimeout(() => (cancelAfterPaint ??= afterNextPaint(timedFlush)), Math.max(EDITOR_FLUSH_MAX_MS, (lastCost || priorCostMs()) * MAX_WAIT_PER_HANDOVER_COST));
    },
    cancel,
  };
}
