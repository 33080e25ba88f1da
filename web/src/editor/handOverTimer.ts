import { EDITOR_FLUSH_IDLE_MS, EDITOR_FLUSH_MAX_MS } from '../documents/journalWindow';

export interface HandOverTimer {
  /** The person changed the document: hand it over once typing pauses, and no later than the max wait. */
  changed(): void;
  /** The text was handed over (or the editor goes away): no timer is left. */
  cancel(): void;
}

/**
 * When an editor hands typing over to the model: EDITOR_FLUSH_IDLE_MS after it pauses, and at least
 * every EDITOR_FLUSH_MAX_MS while the person keeps typing — otherwise a person typing without a
 * pause would leave everything since their last pause outside the crash journal.
 */
export function handOverTimer(flush: () => void): HandOverTimer {
  let idle: ReturnType<typeof setTimeout> | null = null;
  let max: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (idle) clearTimeout(idle);
    if (max) clearTimeout(max);
    idle = max = null;
  };
  return {
    changed() {
      if (idle) clearTimeout(idle);
      idle = setTimeout(flush, EDITOR_FLUSH_IDLE_MS);
      max ??= setTimeout(flush, EDITOR_FLUSH_MAX_MS);
    },
    cancel,
  };
}
