import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { WindowStore } from '../state/store';
import { addWorkspace, createTab, markSaved } from '../state/windowActions';
import { DISK_POLL_MS, watchDisk } from './diskWatcher';

describe('watchDisk', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps a tab whose own save landed while the file was being read: the older read does not put it back', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { hidden: false });
    let disk = 'saved\nwrite 0\n';
    let mtimeMs = 1;
    let finishRead: (() => void) | null = null;
    const fs = {
      kind: 'native',
      stat: async () => ({ kind: 'file', size: disk.length, mtimeMs }),
      // the host read the file before the save replaced it; its answer arrives after the save's
      readText: (): Promise<string> => {
        const read = disk;
        return new Promise((resolve) => (finishRead = () => resolve(read)));
      },
    } as unknown as WorkspaceFS;
    const store = new WindowStore();
    const workspace = addWorkspace(store, fs, true);
    const tab = createTab(store, { workspaceInstanceId: workspace.id, filePath: '/w/a.md', kind: 'markdown', content: disk }, { activate: true });
    const watcher = watchDisk(store);
    await vi.advanceTimersByTimeAsync(DISK_POLL_MS);
    expect(finishRead).not.toBeNull();
    // meanwhile the AI wrote twice, the second time with a save (the tab is clean again)
    store.setContent(tab.id, 'saved\nwrite 0\nwrite 1\n');
    store.setContent(tab.id, 'saved\nwrite 0\nwrite 1\nwrite 2\n');
    disk = 'saved\nwrite 0\nwrite 1\nwrite 2\n';
    mtimeMs = 2;
    markSaved(store, tab.id, disk);
    finishRead!();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.tab(tab.id)?.content).toBe('saved\nwrite 0\nwrite 1\nwrite 2\n');
    watcher.stop();
  });
});
