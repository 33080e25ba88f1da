import { useEffect, useState } from 'react';
import { forgetBuffer, orphanedBuffers } from '../documents/unsavedBuffers';
import type { UnsavedBuffer } from '../journal/db';
import { createTab } from '../state/windowActions';
import { useServices } from './services';

/** After a crash: offers back exactly what was typed and not saved. */
export function RestoreBar() {
  const { store } = useServices();
  const [buffers, setBuffers] = useState<UnsavedBuffer[]>([]);
  useEffect(() => {
    // give windows that are still starting up a moment to take their locks
    const timer = setTimeout(() => void orphanedBuffers().then(setBuffers).catch(() => undefined), 300);
    return () => clearTimeout(timer);
  }, []);
  if (buffers.length === 0) return null;

  const restore = async (buffer: UnsavedBuffer) => {
    const workspace = store.getSnapshot().workspaces.find((w) => w.fs.root === buffer.workspaceRoot) ?? null;
    const tab = createTab(
      store,
      { workspaceInstanceId: workspace?.id ?? store.getSnapshot().activeWorkspaceInstanceId, filePath: buffer.filePath, kind: buffer.kind, content: buffer.savedContent },
      { activate: true },
    );
    store.setContent(tab.id, buffer.content);
    await forgetBuffer(buffer.tabId);
    setBuffers((list) => list.filter((b) => b !== buffer));
  };
  const discard = async (buffer: UnsavedBuffer) => {
    await forgetBuffer(buffer.tabId);
    setBuffers((list) => list.filter((b) => b !== buffer));
  };

  return (
    <div role="region" aria-label="Unsaved work" className="restore-bar">
      <strong>Unsaved work from a window that closed unexpectedly:</strong>
      <ul>
        {buffers.map((b) => (
          <li key={b.tabId}>
            {b.title} <span className="muted">({new Date(b.at).toLocaleString()})</span>{' '}
            <button onClick={() => void restore(b)}>Restore {b.title}</button> <button onClick={() => void discard(b)}>Discard</button>
          </li>
        ))}
      </ul>
    </div>
  );
}
