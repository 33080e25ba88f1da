/** Tells the other windows of this origin that a file changed on disk because one of us saved it. */
export interface FileSavedEvent {
  type: 'saved';
  path: string;
  content: string;
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
