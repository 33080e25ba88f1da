import { newPickedRoot, pickedWorkspace, rememberFolder, storedFolders } from '../fs/pickedFolders';
import type { WindowStore } from '../state/store';
import { addWorkspace } from '../state/windowActions';

/** "Open folder…": the browser's folder picker; the handle is kept so the folder comes back after a restart. */
export async function openFolderForPerson(store: WindowStore): Promise<void> {
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await window.showDirectoryPicker({ mode: 'readwrite' });
  } catch (error) {
    if ((error as DOMException).name !== 'AbortError') store.notify(`The folder could not be opened: ${(error as Error).message}`);
    return;
  }
  const root = await newPickedRoot(handle.name);
  await rememberFolder(root, handle.name, handle);
  addWorkspace(store, pickedWorkspace({ root, name: handle.name, handle }), true);
}

export interface FolderToReconnect {
  root: string;
  name: string;
  reconnect: () => Promise<boolean>;
}

/** Picked folders reconnect silently when permission is still granted; the others wait for a click. */
export async function restorePickedFolders(store: WindowStore): Promise<FolderToReconnect[]> {
  const waiting: FolderToReconnect[] = [];
  for (const folder of await storedFolders()) {
    const permission = await folder.handle.queryPermission({ mode: 'readwrite' }).catch(() => 'denied' as PermissionState);
    if (permission === 'granted') {
      addWorkspace(store, pickedWorkspace(folder), false);
      continue;
    }
    waiting.push({
      root: folder.root,
      name: folder.name,
      reconnect: async () => {
        const answer = await folder.handle.requestPermission({ mode: 'readwrite' });
        if (answer !== 'granted') return false;
        addWorkspace(store, pickedWorkspace(folder), true);
        return true;
      },
    });
  }
  return waiting;
}
