import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowStore } from '../state/store';
import { testTab } from '../state/testTab';
import { BUFFER_SAVE_DELAY_MS } from './journalWindow';
import { allBuffers, UnsavedBufferJournal } from './unsavedBuffers';

/** Lets fake-indexeddb (which schedules with setImmediate) run until `done` holds, or gives up. */
async function settle(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('UnsavedBufferJournal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a change that finds the pass overdue (typing held the timers back on a busy page) copies the typing to IndexedDB without its timer (bench/faults: typing lost beyond the window under load)', async () => {
    vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const store = new WindowStore();
    const tab = testTab({ id: 'starved', filePath: '/w/starved.md', content: 'saved\n', savedContent: 'saved\n' });
    store.update((m) => ({ ...m, tabs: [tab], activeTabId: tab.id }));
    const stop = new UnsavedBufferJournal(store).start();
    try {
      store.setContent(tab.id, 'saved\ntyped');
      // the person types on; the pass's timer does not run
      clock += BUFFER_SAVE_DELAY_MS + 1;
      store.setContent(tab.id, 'saved\ntyped on');
      const stored = async () => (await allBuffers()).find((b) => b.tabId === tab.id)?.content;
      await settle(async () => (await stored()) === 'saved\ntyped on');
      expect(await stored()).toBe('saved\ntyped on');
    } finally {
      stop();
    }
  });
});
