import { useSyncExternalStore } from 'react';
import type { FolderApprovals } from '../state/folderApprovals';
import { useServices } from './services';

/** The consent dialog and the folder-picker bar of workspace.open_workspace. */
export function FolderDialogs({ approvals }: { approvals: FolderApprovals }) {
  const { store, connection } = useServices();
  useSyncExternalStore(
    (l) => approvals.subscribe(l),
    () => `${approvals.consent?.path ?? ''}|${approvals.picker?.path ?? ''}`,
  );
  const consent = approvals.consent;
  const picker = approvals.picker;

  async function pick(): Promise<void> {
    if (!picker) return;
    try {
      const handle = await window.showDirectoryPicker({ mode: 'readwrite' });
      const names: string[] = [];
      for await (const [name] of handle.entries()) names.push(name);
      const expected = (await connection.service({ op: 'fs.fingerprint', path: picker.path })) as string[];
      if (JSON.stringify(names.sort().slice(0, 500)) !== JSON.stringify(expected)) {
        store.notify(`The folder you picked is not ${picker.path}. Pick that folder to let the AI open it.`);
        return;
      }
      picker.pickedHandle = handle;
      approvals.closePicker();
      store.notify(`${picker.path} is ready; the AI can open it now.`);
    } catch (error) {
      if ((error as DOMException).name !== 'AbortError') store.notify(`The folder could not be opened: ${(error as Error).message}`);
    }
  }

  return (
    <>
      {consent && (
        <div className="modal-backdrop">
          <div role="dialog" aria-modal="true" aria-labelledby="folder-consent-title" className="modal">
            <h2 id="folder-consent-title">Open a folder for an AI client?</h2>
            <p>
              <strong>{consent.clientName}</strong> asks to open this folder as a workspace and read and write its files:
            </p>
            <p>
              <code>{consent.path}</code>
            </p>
            <p>This permission is used once and lapses after five minutes.</p>
            <div className="modal-actions">
              <button className="secondary" onClick={() => approvals.decide(consent, false)}>
                Deny
              </button>
              <button className="primary" onClick={() => approvals.decide(consent, true)} autoFocus>
                Allow
              </button>
            </div>
          </div>
        </div>
      )}
      {picker && (
        <div role="region" aria-label="Folder selection" className="picker-bar">
          <span>
            To let the AI open <code>{picker.path}</code>, select that folder:
          </span>
          <button className="primary" onClick={() => void pick()}>
            Choose folder…
          </button>
          <button onClick={() => approvals.closePicker()}>Cancel</button>
        </div>
      )}
    </>
  );
}
