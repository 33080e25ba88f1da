import type { SaveCause } from '@vmark/shared';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import type { WindowStore } from '../state/store';
import { markSaved } from '../state/windowActions';
import { prepareCapture } from '../coherence/saveCapture';
import { fileKeyOf, saveFile, type SaveResult } from './saveFile';

export interface SaveTarget {
  path: string;
  fs: WorkspaceFS;
  /** Refuse (EXISTS) when a file appeared there meanwhile: a new location never replaces one unasked. */
  createOnly?: boolean;
}

export type TabSaveResult = { status: 'saved'; content: string } | { status: 'closed' } | Exclude<SaveResult, { status: 'saved' }>;

/**
 * Saves what a tab holds when its turn comes (ordered with every other save of the file) to
 * `target`, and points the tab at it. Shared by the person's save and save as and the AI's.
 */
export async function saveTabTo(
  store: WindowStore,
  tabId: string,
  target: SaveTarget,
  options: {
    realpath: (p: string) => Promise<string>;
    stillInScope: () => string | null;
    /** The place in the file's order taken when the save was requested (takeSavePlace); else now. */
    place?: number;
    /** Who caused the save: the person, or an MCP connection (with the documents it read). */
    cause: SaveCause;
  },
): Promise<TabSaveResult> {
  const fileKey = await fileKeyOf(target.fs, target.path, options.realpath);
  const coherence = await prepareCapture(target.fs, target.path, options.cause).catch(() => null);
  let closed = false;
  let saved = '';
  const result = await saveFile({
    fs: target.fs,
    path: target.path,
    fileKey,
    cause: options.cause,
    ...(target.createOnly ? { createOnly: true } : {}),
    ...(options.place !== undefined ? { place: options.place } : {}),
    content: () => {
      const tab = store.tab(tabId);
      if (!tab) {
        closed = true;
        throw new Error('closed');
      }
      saved = tab.content;
      return saved;
    },
    stillInScope: () => (store.tab(tabId) ? options.stillInScope() : null),
  }).catch((error: unknown) => (closed ? ({ status: 'closed' } as const) : ({ status: 'error', message: (error as Error).message } as const)));
  if (result.status === 'closed' || closed) return { status: 'closed' };
  if (result.status !== 'saved') return result;
  markSaved(store, tabId, saved, target.path);
  await coherence?.record(saved);
  return { status: 'saved', content: saved };
}
