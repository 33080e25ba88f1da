import { captureAnchor, placeAnchor, type TextAnchor } from '@vmark/shared/lib/comments/index';
import { docKeyOf } from '../comments/docKey';
import { selectionProblem } from '../comments/personComments';
import { LineBreakOffsets } from '../lib/lineBreakOffsets';
import { detectLineEnding } from '../lib/lineEndings';
import type { WindowStore } from '../state/store';
import type { Tab } from '../state/types';

/** The text the person selected to comment on, kept as an anchor until they submit. */
export interface CommentDraft {
  docKey: string;
  anchor: TextAnchor;
}

/** [start, end) of the selection in the markdown string, or null when the editor shows other text (formatted view). */
function selectedRange(store: WindowStore, tab: Tab): { start: number; end: number } | null {
  const editor = store.editor(tab.id);
  if (!editor) return null;
  const { text, from, to } = editor.getSelection();
  const content = tab.content;
  if (editor.mode === 'source') {
    // CodeMirror counts a CRLF as one position
    const offsets = new LineBreakOffsets(content, detectLineEnding(content));
    const start = offsets.toText(from);
    const end = offsets.toText(to);
    if (content.slice(start, end) === text) return { start, end };
  }
  // another editor's positions are not string offsets: take the copy of the selected text nearest to them
  let best: number | null = null;
  for (let at = content.indexOf(text); at >= 0 && text.length > 0; at = content.indexOf(text, at + 1)) {
    if (best === null || Math.abs(at - from) < Math.abs(best - from)) best = at;
  }
  return best === null ? null : { start: best, end: best + text.length };
}

export function draftFromSelection(store: WindowStore, tabId: string): CommentDraft | { problem: string } {
  store.flush();
  const tab = store.tab(tabId);
  if (!tab) return { problem: 'The tab is gone.' };
  const range = selectedRange(store, tab);
  if (!range) return { problem: 'This text cannot be commented on here; switch to source mode and select it there.' };
  const problem = selectionProblem(tab.content.slice(range.start, range.end));
  if (problem) return { problem };
  return { docKey: docKeyOf(tab), anchor: captureAnchor(tab.content, range.start, range.end) };
}

/** Where the drafted text is now (the document may have changed while the person typed the comment). */
export function draftRange(draft: CommentDraft, text: string): { start: number; end: number } | null {
  const place = placeAnchor(text, draft.anchor);
  return place.detached ? null : { start: place.anchor.start, end: place.end };
}
