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

/** How many recent hand-overs the cost estimate looks at. */
const RECENT_COSTS = 4;

/**
 * When an editor hands typing over to the model: EDITOR_FLUSH_IDLE_MS after it pauses, and at least
 * every EDITOR_FLUSH_MAX_MS while the person keeps typing — otherwise a person typing without a
 * pause would leave everything since their last pause outside the crash journal. While typing goes
 * on, the max-wait hand-over runs right after the frame of a keystroke (the next one is then
 * furthest away): it waits for one from KEYSTROKE_WAIT_MS before the max wait, and runs after
 * whatever frame comes next once the max wait is over. A keystroke that finds the hand-over overdue
 * by FRAME_WAIT_MS hands over at once, after its own task: under load the browser runs input before
 * timers, so continuous typing could otherwise hold the timers back for seconds.
 *
 * For a document whose hand-over is slow, the max wait grows with what a hand-over costs, so typing
 * stays fluid (the crash window of a very large document is then that longer wait). The cost is the
 * smallest of the last RECENT_COSTS hand-overs: on a busy machine one of them may take tens of ms
 * for a tiny document, which must not stretch its window to seconds, while every hand-over of a
 * genuinely large document is slow. Until a hand-over was measured, `priorCostMs` estimates it.
 */
export function handOverTimer(flush: () => void, priorCostMs: () => number = () => 0): HandOverTimer {
  let idle: ReturnType<typeof setTimeout> | null = null;
  let max: ReturnType<typeof setTimeout> | null = null;
  const costs: number[] = [];
  /** When the first change not handed over yet was made (performance.now), or null. */
  let since: number | null = null;
  let cancelAfterPaint: (() => void) | null = null;
  let due = false;
  let overdue: ReturnType<typeof setTimeout> | null = null;
  let atOnce = false;
  const handOverAfterPaint = () => (cancelAfterPaint ??= afterNextPaint(timedFlush));
  const timedFlush = () => {
    const start = performance.now();
    flush();
    costs.push(performance.now() - start);
    if (costs.length > RECENT_COSTS) costs.shift();
  };
  const handOverAtOnce = () => {
    atOnce = false;
    if (since !== null) timedFlush();
  };
  const cost = () => (costs.length > 0 ? Math.min(...costs) : priorCostMs());
  const cancel = () => {
    if (idle) clearTimeout(idle);
    if (max) clearTimeout(max);
    if (overdue) clearTimeout(overdue);
    cancelAfterPaint?.();
    idle = max = overdue = cancelAfterPaint = since = null;
    due = false;
  };
  return {
    changed() {
      const now = performance.now();
      since ??= now;
      if (idle) clearTimeout(idle);
      idle = setTimeout(timedFlush, EDITOR_FLUSH_IDLE_MS);
      const maxWait = Math.max(EDITOR_FLUSH_MAX_MS, cost() * MAX_WAIT_PER_HANDOVER_COST);
      // the timers were held back: hand over once this keystroke's task is done (not inside the editor's update)
      if (now - since >= maxWait + FRAME_WAIT_MS) {
        if (!atOnce) queueMicrotask(handOverAtOnce);
        atOnce = true;
        return;
      }
      // the max wait lands while typing goes on: right after a frame, not in the middle of a keystroke
      if (due) handOverAfterPaint();
      max ??= setTimeout(() => {
        due = true;
        overdue = setTimeout(handOverAfterPaint, KEYSTROKE_WAIT_MS);
      }, maxWait - KEYSTROKE_WAIT_MS);
    },
    cancel,
  };
}
