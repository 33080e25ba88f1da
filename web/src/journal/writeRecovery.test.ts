import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AgentJournal } from './agentJournal';
import { minimalChange } from '../lib/minimalChange';
import { WindowStore } from '../state/store';
import { testTab } from '../state/testTab';
import type { Tab } from '../state/types';
import { allBuffers, UnsavedBufferJournal } from '../documents/unsavedBuffers';

/**
 * An AI write as runMutation makes it when the text after is known, against IndexedDB (fake-indexeddb):
 * one transaction records the entry with its intended change and puts the text after into the tab's
 * unsaved buffer; the editor applies it; the call answers durable: true; the completion lands behind
 * the answer. A crash after any step is a fresh journal reading what IndexedDB holds: what the Restore
 * bar would offer and what the journal lists must agree, and an acknowledged write must be in both.
 */

let tabs = 0;

function windowWith(content: string, savedContent: string) {
  const store = new WindowStore();
  const id = `tab-${++tabs}`;
  const tab = testTab({ id, filePath: `/w/${id}.md`, content, savedContent });
  store.update((m) => ({ ...m, tabs: [tab], activeTabId: id }));
  return { store, tab, buffers: new UnsavedBufferJournal(store), journal: new AgentJournal() };
}

type Window = ReturnType<typeof windowWith>;

/** What a new window finds after a crash: the buffer the Restore bar offers, and the document's journal. */
async function afterCrash(w: Window) {
  const buffer = (await allBuffers()).find((b) => b.tabId === w.tab.id);
  const entries = await new AgentJournal().list(w.tab.filePath!);
  return { restored: buffer?.content ?? null, entries: entries.map((e) => [e.state, e.contentBefore, e.contentAfter]) };
}

const entryOf = (tab: Tab) => ({
  docKey: tab.filePath!,
  tabId: tab.id,
  tool: 'document',
  action: 'write',
  client: 'unit',
  connectionId: 'c1',
  addresses: [],
  revisionBefore: tab.revision,
  contentBefore: tab.content,
});

/** The steps of one AI write of `next`, in runMutation's order; each returns after what it persists has landed. */
function aiWrite(w: Window, next: string) {
  const before = w.store.tab(w.tab.id)!;
  const change = minimalChange(before.content, next);
  let entry: Awaited<ReturnType<AgentJournal['record']>> | null = null;
  return {
    record: async () => {
      entry = await w.buffers.withText(before.id, next, (alongside) => w.journal.record(entryOf(before), undefined, alongside ? { change, alongside } : undefined), {
        before: before.content,
        change,
      });
      return entry;
    },
    apply: async () => w.store.setContent(before.id, next),
    completeBehind: async () => w.journal.completeBehind(entry!, w.store.tab(before.id)!.revision, next),
    discard: async () => {
      const text = w.store.tab(before.id)!.content;
      await w.buffers.withText(before.id, text, (alongside) => w.journal.discard(entry!, alongside));
    },
  };
}

describe('a crash between any two steps of an AI write loses nothing acknowledged, and the journal agrees with the restored text', () => {
  const saved = 'saved\n';
  const typed = 'saved\nperson typed\n';
  const next = 'saved\nperson typed\nAI line\n';

  // crash after step k of: record, apply (the answer goes out here), completion, the person typing on
  const steps = ['nothing', 'record', 'apply', 'completion', 'typing after'] as const;
  for (const [k, last] of steps.entries()) {
    it(`DOC-WRITE-20 crash after ${last}`, async () => {
      const w = windowWith(typed, saved);
      await w.buffers.persistSoon(); // the person's typing is in the buffer before the AI writes
      const write = aiWrite(w, next);
      if (k >= 1) expect((await write.record()).intended).toBeDefined();
      if (k >= 2) await write.apply();
      if (k >= 3) await write.completeBehind();
      if (k >= 4) {
        w.store.setContent(w.tab.id, `${next}more\n`);
        await w.buffers.persistSoon();
      }
      const { restored, entries } = await afterCrash(w);
      if (k === 0) {
        expect(restored).toBe(typed);
        expect(entries).toEqual([]);
        return;
      }
      expect(restored).toBe(k >= 4 ? `${next}more\n` : next);
      expect(entries).toEqual([['applied', typed, next]]);
      // the window that is still running knows whether it made the change yet
      expect((await w.journal.list(w.tab.filePath!)).map((e) => e.state)).toEqual([k >= 3 ? 'applied' : 'recorded']);
    });
  }

  it('DOC-WRITE-20 a write to a tab with nothing unsaved stores its text as the buffer base with the record', async () => {
    const w = windowWith(saved, saved);
    await aiWrite(w, 'saved\nAI\n').record();
    expect(await afterCrash(w)).toEqual({ restored: 'saved\nAI\n', entries: [['applied', saved, 'saved\nAI\n']] });
  });

  it('DOC-WRITE-20 a write back to the saved text drops the buffer with the record (the file holds that text)', async () => {
    const w = windowWith(typed, saved);
    await w.buffers.persistSoon();
    await aiWrite(w, saved).record();
    expect(await afterCrash(w)).toEqual({ restored: null, entries: [['applied', typed, saved]] });
  });

  it('DOC-WRITE-27 an aborted write takes its text back out of the buffer with the discard: crash before it, both hold the change; after it, neither', async () => {
    const w = windowWith(typed, saved);
    await w.buffers.persistSoon();
    const write = aiWrite(w, next);
    await write.record();
    expect(await afterCrash(w)).toEqual({ restored: next, entries: [['applied', typed, next]] });
    // the person edits while the write is recorded: it is refused, the person's text stays
    w.store.setContent(w.tab.id, `${typed}!`);
    await write.discard();
    expect(await afterCrash(w)).toEqual({ restored: `${typed}!`, entries: [['not-applied', typed, null]] });
  });

  it('a refused record (STALE_PARENT) stores neither the entry nor the text; the next pass writes the buffer anew', async () => {
    const w = windowWith(typed, saved);
    await w.buffers.persistSoon();
    const refuse = () => {
      throw new Error('refused');
    };
    await expect(
      w.buffers.withText(w.tab.id, next, (alongside) => w.journal.record(entryOf(w.tab), refuse, alongside ? { change: minimalChange(typed, next), alongside } : undefined)),
    ).rejects.toThrow('refused');
    expect(await afterCrash(w)).toEqual({ restored: typed, entries: [] });
    w.store.setContent(w.tab.id, `${typed}x`);
    await w.buffers.persistSoon();
    expect((await afterCrash(w)).restored).toBe(`${typed}x`);
  });

  it('consecutive completed writes chain their texts and list as applied in order', async () => {
    const w = windowWith(typed, saved);
    await w.buffers.persistSoon();
    for (const text of [next, `${next}two\n`]) {
      const write = aiWrite(w, text);
      await write.record();
      await write.apply();
      await write.completeBehind();
    }
    expect(await afterCrash(w)).toEqual({
      restored: `${next}two\n`,
      entries: [
        ['applied', typed, next],
        ['applied', next, `${next}two\n`],
      ],
    });
  });
});
