import { describe, expect, test, vi } from 'vitest';
import { WindowStore } from './store';
import { createTab, removeTab } from './windowActions';
import { piecesOf, splicePieces } from '../lib/splicedPieces';

describe('closing a tab', () => {
  test('the model changes once more after the close, so a renderer holding its previous model (React) lets the closed text go', () => {
    vi.useFakeTimers();
    try {
      const store = new WindowStore();
      const kept = createTab(store, { workspaceInstanceId: null, filePath: '/w/kept.md', kind: 'markdown', content: '' }, { activate: true });
      const closed = createTab(store, { workspaceInstanceId: null, filePath: '/w/big.md', kind: 'markdown', content: 'x'.repeat(1000) }, { activate: true });
      const models: unknown[] = [];
      store.subscribe(() => models.push(store.getSnapshot()));
      removeTab(store, closed.id);
      expect(models).toHaveLength(1);
      vi.runAllTimers();
      expect(models).toHaveLength(2);
      expect(models[1]).not.toBe(models[0]);
      expect(store.getSnapshot().tabs.map((t) => t.id)).toEqual([kept.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the closed tab\'s selection count and cursor hand-over are forgotten; the open tab keeps its own', () => {
    const store = new WindowStore();
    const kept = createTab(store, { workspaceInstanceId: null, filePath: '/w/kept.md', kind: 'markdown', content: '' }, { activate: true });
    const closed = createTab(store, { workspaceInstanceId: null, filePath: '/w/closed.md', kind: 'markdown', content: '' }, { activate: true });
    for (const id of [kept.id, closed.id]) {
      store.bumpSelection(id);
      store.cursorHandOver.set(id, 3);
    }
    removeTab(store, closed.id);
    expect(store.selectionVersion(closed.id)).toBe(0);
    expect(store.cursorHandOver.has(closed.id)).toBe(false);
    expect(store.selectionVersion(kept.id)).toBe(1);
    expect(store.cursorHandOver.get(kept.id)).toBe(3);
  });

  test('the pieces an AI splice kept of a tab\'s text go with the tab, and are given only for the text they make', () => {
    const store = new WindowStore();
    const kept = createTab(store, { workspaceInstanceId: null, filePath: '/w/kept.md', kind: 'markdown', content: 'kept text here' }, { activate: true });
    const closed = createTab(store, { workspaceInstanceId: null, filePath: '/w/closed.md', kind: 'markdown', content: 'closed text here' }, { activate: true });
    const spliced = (text: string) => splicePieces(piecesOf(text), { from: 0, to: 0, insert: 'AI: ' })!;
    const [keptPieces, closedPieces] = [spliced('kept text here'), spliced('closed text here')];
    store.keepSplicedPieces(kept.id, keptPieces);
    store.keepSplicedPieces(closed.id, closedPieces);
    removeTab(store, closed.id);
    expect(store.splicedPieces(closed.id, closedPieces.text)).toBeUndefined();
    expect(store.splicedPieces(kept.id, keptPieces.text)).toBe(keptPieces);
    // the person typed: another text, so the pieces are dropped
    expect(store.splicedPieces(kept.id, 'AI: kept text here!')).toBeUndefined();
    expect(store.splicedPieces(kept.id, keptPieces.text)).toBeUndefined();
    // a closed tab's id is never given pieces again
    store.keepSplicedPieces(closed.id, closedPieces);
    expect(store.splicedPieces(closed.id, closedPieces.text)).toBeUndefined();
  });
});
