/**
 * The one test-only seam: faults the end-to-end tests switch on through `window.vmarkDebug.faults`
 * (installed by main.tsx). Shipped code only asks the helpers below at the few points a test needs to
 * break; with nothing switched on (always, outside the tests) each answers "no fault" at once.
 */
export const testFaults = {
  journal: {
    /** The journal refuses everything, as if IndexedDB were gone. */
    disabled: false,
    /** Each recording step waits this long after it is stored. */
    recordDelayMs: 0,
    /** The next this-many completions fail to persist (retried in the background). */
    failCompletions: 0,
    /** The next this-many completions are rejected for good. */
    rejectCompletions: 0,
    /** The next this-many completions behind an answer never reach IndexedDB, as if the window ended first. */
    dropCompletions: 0,
    /** The editor fails once before it changes the document. */
    failBeforeApply: false,
    /** The editor fails once after it changed the document. */
    failAfterApply: false,
    /** An AI save waits this long before it reaches its file. */
    saveDelayMs: 0,
  },
  comments: {
    /** Comment storage refuses everything, as if IndexedDB or the folder were gone. */
    disabled: false,
    /** Each store waits this long first. */
    saveDelayMs: 0,
    /** The next this-many stores fail. */
    failSaves: 0,
  },
  coherence: {
    /** The coherence worker's scan (run by edges and resolve) waits this long before it walks the workspace. */
    scanDelayMs: 0,
    /** The coherence worker writes nothing behind its answers, as if it always ended first (its write-behind journal keeps the texts). */
    holdWriteBehind: false,
  },
  progressiveOpen: {
    /** A large document's background parse waits (only a call that needs the whole document finishes it). */
    holdBackground: false,
    /** The background parses only the placeholders in view (how a test sees that they come first). */
    onlyInView: false,
  },
  workspaceSwitch: {
    /** open_workspace waits this long between the approval and the switch. */
    delayMs: 0,
  },
};

export type TestFaults = typeof testFaults;

/** Waits the injected delay, if any. */
export async function injectedDelay(ms: number): Promise<void> {
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Spends one of an injected counter's failures: true when this call is to fail. */
export function takeInjectedFailure<G extends Record<K, number>, K extends string>(group: G, key: K): boolean {
  if (group[key] <= 0) return false;
  (group as Record<K, number>)[key] = group[key] - 1;
  return true;
}

/** Spends a one-shot injected failure: true when this call is to fail. */
export function takeInjectedFlag<G extends Record<K, boolean>, K extends string>(group: G, key: K): boolean {
  if (!group[key]) return false;
  (group as Record<K, boolean>)[key] = false;
  return true;
}
