import { describe, expect, test, vi } from 'vitest';
import { WindowStore } from './store';
import { createTab, removeTab } from './windowActions';

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
});
