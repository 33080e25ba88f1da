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

type FileEvent = FileSavedEvent | FileMovedEvent;
type Unsent<E> = E extends FileEvent ? Omit<E, 'sourceWindow'> : never;

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('vmark-files') : null;
export const WINDOW_INSTANCE = crypto.randomUUID();

function announce(event: Unsent<FileEvent>): void {
  channel?.postMessage({ ...event, sourceWindow: WINDOW_INSTANCE });
}

/** Events of `type` from the other windows (a window never hears its own). */
function onFileEvent<T extends FileEvent['type']>(type: T, listener: (event: Extract<FileEvent, { type: T }>) => void): () => void {
  const handle = (message: MessageEvent<FileEvent>) => {
    if (message.data?.type === type && message.data.sourceWindow !== WINDOW_INSTANCE) listener(message.data as Extract<FileEvent, { type: T }>);
  };
  channel?.addEventListener('message', handle);
  return () => channel?.removeEventListener('message', handle);
}

export const announceSave = (path: string, content: string): void => announce({ type: 'saved', path, content });
export const onFileSaved = (listener: (event: FileSavedEvent) => void): (() => void) => onFileEvent('saved', listener);
export const announceMove = (from: string, to: string): void => announce({ type: 'moved', from, to });
export const onFileMoved = (listener: (event: FileMovedEvent) => void): (() => void) => onFileEvent('moved', listener);
