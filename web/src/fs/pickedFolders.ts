import { openDB } from 'idb';
import { HandleWorkspace } from './handleWorkspace';

/** Virtual roots of picked folders: the browser never tells us their real path. */
export const PICKED_ROOT = '/vmark-picked';

interface StoredFolder {
  root: string;
  name: string;
  handle: FileSystemDirectoryHandle;
}

const db = () =>
  openDB('vmark-folders', 1, {
    upgrade(database) {
      database.createObjectStore('folders', { keyPath: 'root' });
    },
  });

export async function rememberFolder(root: string, name: string, handle: FileSystemDirectoryHandle): Promise<void> {
  await (await db()).put('folders', { root, name, handle } satisfies StoredFolder);
}

export async function forgetFolder(root: string): Promise<void> {
  await (await db()).delete('folders', root);
}

export async function storedFolders(): Promise<StoredFolder[]> {
  return (await (await db()).getAll('folders')) as StoredFolder[];
}

/** A root for a newly picked folder that no other picked folder uses yet. */
export async function newPickedRoot(name: string): Promise<string> {
  const taken = new Set((await storedFolders()).map((f) => f.root));
  const base = `${PICKED_ROOT}/${name.replace(/[/\\]/g, '_') || 'folder'}`;
  for (let n = 1; ; n++) {
    const root = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(root)) return root;
  }
}

export function pickedWorkspace(folder: StoredFolder): HandleWorkspace {
  return new HandleWorkspace('picked', folder.root, folder.name, folder.handle);
}
