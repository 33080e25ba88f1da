import type { BufferChange, TextChange, UnsavedBuffer } from '../journal/db';
import { minimalChange } from '../lib/minimalChange';
import { applyChange } from '../journal/rebuildTexts';

/** The base text is written again once the changes since it add up to this many characters (or the base's length, if larger)… */
export const COMPACT_MIN_CHARS = 65_536;
/** …or there are this many of them, so restoring replays a bounded list. */
export const MAX_CHANGES = 256;

/**
 * What to write for one tab: its whole text as a new base (dropping the changes before it), one
 * change after the last write, or nothing any more (the tab is saved or closed).
 */
export type BufferWrite = { kind: 'base'; buffer: UnsavedBuffer } | { kind: 'change'; record: BufferChange } | { kind: 'forget'; tabId: string };

interface Written {
  text: string;
  /** Everything of the buffer but its text, as last written with a base. */
  meta: string;
  savedContent: string;
  seq: number;
  changedChars: number;
  baseLength: number;
}

const metaOf = ({ windowInstance, kind, workspaceRoot, docKey, filePath, title }: UnsavedBuffer): string =>
  JSON.stringify([windowInstance, kind, workspaceRoot, docKey, filePath, title]);

/**
 * What IndexedDB holds of each dirty tab: a base (the whole text, with the tab's name and saved text)
 * plus the changes typed since, so a keystroke costs a record of its size, not a copy of the document.
 * `plan` says what to write; `commit` records that it was written (a failed write commits nothing,
 * and the next plan starts from what is stored).
 */
export class BufferLog {
  private readonly written = new Map<string, Written>();

  /**
   * `known`: the change that turns `known.before` into the buffer's text, when the caller has it (an
   * AI write): if the last write left `before`, that is the change to write, with no diff of the texts.
   */
  plan(buffer: UnsavedBuffer, known?: { before: string; change: TextChange }): BufferWrite | null {
    const last = this.written.get(buffer.tabId);
    if (last && last.text === buffer.content && last.savedContent === buffer.savedContent && last.meta === metaOf(buffer)) return null;
    if (!last || last.meta !== metaOf(buffer) || last.savedContent !== buffer.savedContent) return { kind: 'base', buffer };
    const change = known && last.text === known.before ? known.change : minimalChange(last.text, buffer.content);
    const size = change.insert.length + (change.to - change.from);
    if (last.seq >= MAX_CHANGES || last.changedChars + size > Math.max(COMPACT_MIN_CHARS, last.baseLength)) return { kind: 'base', buffer };
    return { kind: 'change', record: { tabId: buffer.tabId, seq: last.seq + 1, change } };
  }

  /** A tab this log keeps (its buffer may be stored). */
  has(tabId: string): boolean {
    return this.written.has(tabId);
  }

  commit(write: BufferWrite, text: string): void {
    if (write.kind === 'forget') {
      this.written.delete(write.tabId);
      return;
    }
    if (write.kind === 'base') {
      const { buffer } = write;
      this.written.set(buffer.tabId, { text, meta: metaOf(buffer), savedContent: buffer.savedContent, seq: 0, changedChars: 0, baseLength: text.length });
      return;
    }
    const last = this.written.get(write.record.tabId);
    if (!last) return;
    const { change, seq } = write.record;
    this.written.set(write.record.tabId, { ...last, text, seq, changedChars: last.changedChars + change.insert.length + (change.to - change.from) });
  }

  tabs(): string[] {
    return [...this.written.keys()];
  }

  forget(tabId: string): void {
    this.written.delete(tabId);
  }

  /**
   * What is stored of a tab is not known (a write that failed may still have landed): the next plan
   * writes a base, or the tab's buffer is forgotten if it is no longer dirty.
   */
  invalidate(tabId: string): void {
    const last = this.written.get(tabId);
    this.written.set(tabId, { text: '', savedContent: '', seq: 0, changedChars: 0, baseLength: 0, ...last, meta: '' });
  }
}

/** A stored buffer with the changes after its base applied (changes in `seq` order). */
export function replayBuffer(base: UnsavedBuffer, changes: readonly BufferChange[]): UnsavedBuffer {
  let content = base.content;
  let expected = 1;
  for (const { seq, change } of changes) {
    // a gap would apply a change to a text it was not made on
    if (seq !== expected) break;
    content = applyChange(content, change as TextChange);
    expected++;
  }
  return { ...base, content };
}
