import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AgentJournal, type NewEntry } from './agentJournal';

/**
 * A window records a document's next entry from the latest one it stored itself, checked against the
 * latest one IndexedDB holds in the same transaction: another window (a second AgentJournal) may have
 * appended to the same document in between.
 */

let docs = 0;

const entryOf = (docKey: string, revisionBefore: string, contentBefore: string, tabId = 'tab-a'): NewEntry => ({
  docKey,
  tabId,
  tool: 'document',
  action: 'write',
  client: 'unit',
  connectionId: 'c1',
  addresses: [],
  revisionBefore,
  contentBefore,
});

async function write(journal: AgentJournal, docKey: string, from: [string, string], to: [string, string], check?: Parameters<AgentJournal['record']>[1]) {
  const entry = await journal.record(entryOf(docKey, from[0], from[1]), check);
  await journal.complete(entry, to[0], to[1]);
  return entry;
}

describe('recording the next entry of a document', () => {
  it('DOC-WRITE-20 after another window appended to the document: the check sees its entry, and sequence and texts stay right', async () => {
    const docKey = `/w/cross-${++docs}.md`;
    const mine = new AgentJournal();
    const other = new AgentJournal();
    await write(mine, docKey, ['r0', 'zero'], ['r1', 'one']);
    const theirs = await write(other, docKey, ['r1', 'one'], ['r2', 'two']);
    const seen: (string | null)[] = [];
    const next = await write(mine, docKey, ['r2', 'two'], ['r3', 'three'], (latest) => seen.push(latest?.id ?? null));
    expect(seen).toEqual([theirs.id]);
    expect(next.seq).toBe(3);
    expect(next.before).toEqual({ afterEntry: theirs.id });
    const listed = await new AgentJournal().list(docKey);
    expect(listed.map((e) => [e.seq, e.contentBefore, e.contentAfter])).toEqual([
      [1, 'zero', 'one'],
      [2, 'one', 'two'],
      [3, 'two', 'three'],
    ]);
  });

  it('a refusal by the check records nothing, and the next entry follows the last one recorded', async () => {
    const docKey = `/w/refused-${++docs}.md`;
    const journal = new AgentJournal();
    const first = await write(journal, docKey, ['r0', 'zero'], ['r1', 'one']);
    await expect(
      journal.record(entryOf(docKey, 'r1', 'one'), () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const next = await write(journal, docKey, ['r1', 'one'], ['r2', 'two']);
    expect([next.seq, next.before]).toEqual([2, { afterEntry: first.id }]);
    expect((await new AgentJournal().list(docKey)).map((e) => [e.seq, e.contentBefore, e.contentAfter])).toEqual([
      [1, 'zero', 'one'],
      [2, 'one', 'two'],
    ]);
  });
});
