import type { TextChange } from '../journal/db';

/**
 * `before` with `[from, to)` replaced by `insert`. When the caller has spliced that very text already
 * (`known`: the same text before and the same change), its result is returned, the same string: the
 * editor, the model and the unsaved buffer then hold one string, and comparing them later costs nothing
 * (two equal 5 MB copies are read whole by every comparison: ~7 ms a selection.set).
 */
export function splicedText(before: string, { from, to, insert }: TextChange, known?: { before: string; change: TextChange; after: string }): string {
  const same = known !== undefined && known.change.from === from && known.change.to === to && known.change.insert === insert && known.before === before;
  return same ? known.after : before.slice(0, from) + insert + before.slice(to);
}
