import { addSnapshot } from '../journal/history';
import { saveTabTo } from '../documents/saveTab';
import { loadSettings } from '../state/settings';
import type { WindowStore } from '../state/store';
import { isDirty } from '../state/types';

/** Autosave saves a dirty file after this much quiet. */
export const AUTOSAVE_IDLE_MS = 2_000;

/** When the setting is on, saves dirty files once typing pauses; snapshots within 30 s merge. */
export function runAutosave(store: WindowStore, realpath: (p: string) => Promise<string>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const saveAll = async () => {
    timer = null;
    if (!loadSettings().autosave) return;
    store.flush();
    const model = store.getSnapshot();
    for (const tab of model.tabs.filter((t) => t.filePath && isDirty(t) && t.conflict === null && !t.diverged)) {
      const workspace = model.workspaces.find((w) => w.id === tab.workspaceInstanceId);
      if (!workspace || !tab.filePath) continue;
      // a tab closed meanwhile (its text discarded by the person) is not written
      const result = await saveTabTo(store, tab.id, { path: tab.filePath, fs: workspace.fs }, { realpath, stillInScope: () => null, cause: { by: 'person' } });
      if (result.status !== 'saved') continue;
      await addSnapshot({ docKey: tab.filePath, kind: 'auto', content: result.content, addresses: [], journalEntryId: null }).catch(() => undefined);
    }
  };
  const unsubscribe = store.subscribe(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void saveAll(), AUTOSAVE_IDLE_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
