import { describe, expect, it } from 'vitest';
import type { BufferChange, UnsavedBuffer } from '../journal/db';
import { BufferLog, COMPACT_MIN_CHARS, MAX_CHANGES, replayBuffer, type BufferWrite } from './bufferLog';

const buffer = (content: string, rest: Partial<UnsavedBuffer> = {}): UnsavedBuffer => ({
  tabId: 't1',
  windowInstance: 'w1',
  kind: 'markdown',
  workspaceRoot: null,
  docKey: 'untitled:t1',
  filePath: null,
  title: 'Untitled',
  content,
  savedContent: '',
  at: 0,
  ...rest,
});

/** IndexedDB as the buffer journal uses it: a base per tab, and the changes after it keyed by seq. */
class Stored {
  base: UnsavedBuffer | null = null;
  changes = new Map<number, BufferChange>();
  write(w: BufferWrite): void {
    if (w.kind === 'change') {
      this.changes.set(w.record.seq, w.record);
      return;
    }
    this.base = w.kind === 'base' ? w.buffer : null;
    this.changes.clear();
  }
  restored(): string | undefined {
    if (!this.base) return undefined;
    return replayBuffer(this.base, [...this.changes.values()].sort((a, b) => a.seq - b.seq)).content;
  }
}

/** Typing as the person does it: insertions, deletions and replacements at varying places. */
function typed(steps: number): string[] {
  const texts: string[] = [];
  let text = '# Notes\n\nfirst paragraph\n';
  for (let i = 0; i < steps; i++) {
    const at = (i * 7919) % (text.length + 1);
    if (i % 5 === 3 && text.length > 10) text = text.slice(0, at) + text.slice(Math.min(text.length, at + 3));
    else if (i % 7 === 6) text = text.slice(0, at) + `é😀${i}` + text.slice(Math.min(text.length, at + 2));
    else text = text.slice(0, at) + `w${i} ` + text.slice(at);
    texts.push(text);
  }
  return texts;
}

function persistAll(log: BufferLog, stored: Stored, texts: string[]): BufferWrite[] {
  const writes: BufferWrite[] = [];
  for (const text of texts) {
    const w = log.plan(buffer(text));
    if (!w) continue;
    stored.write(w);
    log.commit(w, text);
    writes.push(w);
  }
  return writes;
}

describe('BufferLog: an unsaved buffer is a base text plus the changes typed after it', () => {
  it('base + changes == the text after every write, and a keystroke writes a record of its size, not the document', () => {
    const log = new BufferLog();
    const stored = new Stored();
    const big = 'x'.repeat(200_000) + '\n';
    const texts = [big, ...typed(40).map((t) => big + t)];
    const writes = persistAll(log, stored, texts);
    expect(stored.restored()).toBe(texts.at(-1));
    expect(writes[0]!.kind).toBe('base');
    const changes = writes.slice(1);
    expect(changes.every((w) => w.kind === 'change' && w.record.change.insert.length < 100)).toBe(true);
  });

  it('a crash between two writes restores the text of the last write that landed', () => {
    const texts = typed(30);
    for (let crashAfter = 1; crashAfter <= texts.length; crashAfter++) {
      const log = new BufferLog();
      const stored = new Stored();
      persistAll(log, stored, texts.slice(0, crashAfter));
      expect(stored.restored()).toBe(texts[crashAfter - 1]);
    }
  });

  it('a write that failed commits nothing: the next change is made on what is stored', () => {
    const log = new BufferLog();
    const stored = new Stored();
    persistAll(log, stored, ['abc\n']);
    // planned, but the transaction failed: not stored, not committed
    expect(log.plan(buffer('abXc\n'))).not.toBeNull();
    persistAll(log, stored, ['abXYc\nmore\n']);
    expect(stored.restored()).toBe('abXYc\nmore\n');
  });

  it('writes the base again when the name or the saved text changes, after MAX_CHANGES changes, and when the changes outgrow the base', () => {
    const log = new BufferLog();
    const stored = new Stored();
    persistAll(log, stored, ['a\n', 'ab\n']);
    expect(log.plan(buffer('ab\n', { title: 'Renamed', filePath: '/w/r.md' }))?.kind).toBe('base');
    expect(log.plan(buffer('abc\n', { savedContent: 'a\n' }))?.kind).toBe('base');
    expect(log.plan(buffer('ab\n'))).toBeNull();

    const many = Array.from({ length: MAX_CHANGES + 1 }, (_, i) => 'ab\n' + 'y'.repeat(i + 1));
    const writes = persistAll(log, stored, many);
    expect(writes.filter((w) => w.kind === 'base')).toHaveLength(1);
    expect(Math.max(...writes.map((w) => (w.kind === 'change' ? w.record.seq : 0)))).toBe(MAX_CHANGES);
    expect(stored.restored()).toBe(many.at(-1));

    const fresh = new BufferLog();
    persistAll(fresh, new Stored(), ['small\n']);
    expect(fresh.plan(buffer('small\n' + 'z'.repeat(COMPACT_MIN_CHARS + 1)))?.kind).toBe('base');
  });

  it('an AI write that knows its change writes it as is when the buffer holds the text before, and diffs the texts when it does not', () => {
    const log = new BufferLog();
    const stored = new Stored();
    persistAll(log, stored, ['aa\n']);
    // an 'a' typed before 'aa': a diff of the texts would place it after them, the call's own change says where it went
    const change = { from: 0, to: 0, insert: 'a' };
    const exact = log.plan(buffer('aaa\n'), { before: 'aa\n', change });
    expect(exact).toEqual({ kind: 'change', record: { tabId: 't1', seq: 1, change } });
    stored.write(exact!);
    log.commit(exact!, 'aaa\n');
    // the person typed after the last write: the known change is not on the stored text, so the texts are diffed
    const diffed = log.plan(buffer('aaa\nyz\n'), { before: 'aaa\ny\n', change: { from: 5, to: 5, insert: 'z' } });
    stored.write(diffed!);
    expect(stored.restored()).toBe('aaa\nyz\n');
  });
});
