import { addSnapshot } from '../journal/history';
import { fileKeyOf, saveFile } from '../documents/saveFile';
import { loadSettings } from '../state/settings';
import type { WindowStore } from '../state/store';
import { isDirty } from '../state/types';
import { markSaved } from '../state/windowActions';

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
      let content = tab.content;
      const result = await saveFile({
        fs: workspace.fs,
        path: tab.filePath,
        fileKey: await fileKeyOf(workspace.fs, tab.filePath, realpath),
        content: () => (content = store.tab(tab.id)?.content ?? content),
        stillInScope: () => null,
      });
      if (result.status !== 'saved') continue;
      markSaved(store, tab.id, content);
      await addSnapshot({ docKey: tab.filePath, kind: 'auto', content, addresses: [], journalEntryId: null }).catch(() => undefined);
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
