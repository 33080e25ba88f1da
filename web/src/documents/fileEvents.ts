/** Tells the other windows of this origin that a file changed on disk because one of us saved, renamed or moved it. */
export interface FileSavedEvent {
  type: 'saved';
  path: string;
  content: string;
  sourceWindow: string;
}

/** A file or folder was renamed or moved from `from` to `to` (every path under `from` moved along). */
export interface FileMovedEvent {
  type: 'moved';
  from: string;
  to: string;
  sourceWindow: string;
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('vmark-files') : null;
export const WINDOW_INSTANCE = crypto.randomUUID();

export function announceSave(path: string, content: string): void {
  channel?.postMessage({ type: 'saved', path, content, sourceWindow: WINDOW_INSTANCE } satisfies FileSavedEvent);
}

export function onFileSaved(listener: (event: FileSavedEvent) => void): () => void {
  const handle = (message: MessageEvent<FileSavedEvent>) => {
    if (message.data?.type === 'saved' && message.data.sourceWindow !== WINDOW_INSTANCE) listener(message.data);
  };
  channel?.addEventListener('message', handle);
  return () => channel?.removeEventListener('message', handle);
}

export function announceMove(from: string, to: string): void {
  channel?.postMessage({ type: 'moved', from, to, sourceWindow: WINDOW_INSTANCE } satisfies FileMovedEvent);
}

export function onFileMoved(listener: (event: FileMovedEvent) => void): () => void {
  const handle = (message: MessageEvent<FileMovedEvent>) => {
    if (message.data?.type === 'moved' && message.data.sourceWindow !== WINDOW_INSTANCE) listener(message.data);
  };
  channel?.addEventListener('message', handle);
  return () => channel?.removeEventListener('message', handle);
}
