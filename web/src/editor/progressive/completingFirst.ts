import type { EditorAdapter } from '../../state/store';

/**
 * The editor's handlers, each finishing a progressive open first (`complete`): they work with
 * positions in the whole document, so their answers must not depend on how far the background
 * parse got. `isComposing` does not need it, nor `cursorLineColumn` (asked on every cursor move by
 * the status bar): it answers from the parsed part and the placeholders' source offsets. Nor does
 * `reveal` (outline navigation): it shows the part it goes to parsed first (`showAt`).
 */
export function completingFirst(complete: () => unknown, adapter: EditorAdapter): EditorAdapter {
  const wrapped = { ...adapter } as Record<string, unknown>;
  for (const [name, value] of Object.entries(adapter)) {
    if (typeof value !== 'function' || name === 'isComposing' || name === 'cursorLineColumn' || name === 'reveal') continue;
    wrapped[name] = (...args: unknown[]) => {
      complete();
      return (value as (...args: unknown[]) => unknown)(...args);
    };
  }
  return wrapped as unknown as EditorAdapter;
}
