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

/** How long before the max wait a hand-over starts waiting for the next keystroke, to run after its frame. */
const KEYSTROKE_WAIT_MS = 100;

interface Scheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * A task after the frame: at background priority where the browser has a scheduler, so the frame's
 * own tasks (and a keystroke that arrives meanwhile) go first.
 */
function afterFrame(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function') void scheduler.postTask(run, { priority: 'background' });
  else setTimeout(run, 0);
}

/**
 * Runs `run` in a task right after the next frame was painted: a keystroke that came just before
 * is on screen by then, and the next frame is furthest away. Returns a cancel function.
 */
function afterNextPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    cancel();
    run();
  };
  const cancel = () => {
    done = true;
    if (task !== undefined) clearTimeout(task);
    if (frame !== undefined) cancelAnimationFrame(frame);
    task = frame = undefined;
  };
  if (typeof requestAnimationFrame !== 'function') task = setTimeout(once, 0);
  else {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      if (task !== undefined) clearTimeout(task);
      // a background task may wait while the page stays busy: not longer than this
      task = setTimeout(once, FRAME_WAIT_MS);
      afterFrame(once);
    });
    task = setTimeout(once, FRAME_WAIT_MS);
  }
  return cancel;
}

/**
 * When an editor hands typing over to the model: EDITOR_FLUSH_IDLE_MS after it pauses, and at least
 * every EDITOR_FLUSH_MAX_MS while the person keeps typing — otherwise a person typing without a
 * pause would leave everything since their last pause outside the crash journal. While typing goes
 * on, the max-wait hand-over runs right after the frame of a keystroke (the next one is then
 * furthest away): it waits for one from KEYSTROKE_WAIT_MS before the max wait, and runs after
 * whatever frame comes next once the max wait is over. For a document whose hand-over is slow, the max wait grows with what the last hand-over cost, so typing stays
 * fluid (the crash window of a very large document is then that longer wait). Until a hand-over
 * was measured, `priorCostMs` estimates it.
 */
export function handOverTimer(flush: () => void, priorCostMs: () => number = () => 0): HandOverTimer {
  let idle: ReturnType<typeof setTimeout> | null = null;
  let max: ReturnType<typeof setTimeout> | null = null;
  let lastCost = 0;
  let cancelAfterPaint: (() => void) | null = null;
  let due = false;
  let overdue: ReturnType<typeof setTimeout> | null = null;
  const handOverAfterPaint = () => (cancelAfterPaint ??= afterNextPaint(timedFlush));
  const timedFlush = () => {
    const start = performance.now();
    flush();
    lastCost = performance.now() - start;
  };
  const cancel = () => {
    if (idle) clearTimeout(idle);
    if (max) clearTimeout(max);
    if (overdue) clearTimeout(overdue);
    cancelAfterPaint?.();
    idle = max = overdue = cancelAfterPaint = null;
    due = false;
  };
  return {
    changed() {
      if (idle) clearTimeout(idle);
      idle = setTimeout(timedFlush, EDITOR_FLUSH_IDLE_MS);
      // the max wait lands while typing goes on: right after a frame, not in the middle of a keystroke
      if (due) handOverAfterPaint();
      const maxWait = Math.max(EDITOR_FLUSH_MAX_MS, (lastCost || priorCostMs()) * MAX_WAIT_PER_HANDOVER_COST);
      max ??= setTimeout(() => {
        due = true;
        overdue = setTimeout(handOverAfterPaint, KEYSTROKE_WAIT_MS);
      }, maxWait - KEYSTROKE_WAIT_MS);
    },
    cancel,
  };
}
