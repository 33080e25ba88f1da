/**
 * How long typed text can be at risk: the editor hands typing to the model after a pause, or at
 * least this often while the person keeps typing, and the buffer journal copies it to IndexedDB
 * at most BUFFER_SAVE_DELAY_MS later. A crash loses at most the keystrokes of the last
 * TYPED_TEXT_WINDOW_MS (bench/faults counts it).
 */
export const EDITOR_FLUSH_IDLE_MS = 250;
export const EDITOR_FLUSH_MAX_MS = 500;
export const BUFFER_SAVE_DELAY_MS = 400;
/** The two delays, plus 100 ms for the IndexedDB transaction. */
export const TYPED_TEXT_WINDOW_MS = EDITOR_FLUSH_MAX_MS + BUFFER_SAVE_DELAY_MS + 100;
