import { useState } from 'react';
import { checkSaveAsPath, saveTabAsForPerson, type SaveAsDestination } from './fileActions';
import { useServices } from './services';

type Found = Exclude<SaveAsDestination, { problem: string }>;

/** The path a tab is offered to be saved as: its own, or a name beside the workspace root. */
function suggestedPath(filePath: string | null, title: string, root: string | undefined): string {
  if (filePath) return filePath;
  const name = `${title.replace(/[\\/]/g, '-')}.md`;
  return root ? `${root.replace(/\/$/, '')}/${name}` : name;
}

/**
 * Save As… (Ctrl+Shift+S): a path inside the workspace, typed in the app (the system's file picker
 * cannot save into a folder served by the host). A file already there is replaced only after the
 * person confirms.
 */
export function SaveAsDialog({ tabId, realpath, onClose }: { tabId: string; realpath: (p: string) => Promise<string>; onClose: () => void }) {
  const { store } = useServices();
  const tab = store.tab(tabId);
  const model = store.getSnapshot();
  const root = model.workspaces.find((w) => w.id === (tab?.workspaceInstanceId ?? model.activeWorkspaceInstanceId))?.fs.root;
  const [path, setPath] = useState(() => suggestedPath(tab?.filePath ?? null, tab?.title ?? 'untitled', root));
  const [problem, setProblem] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (destination: Found, replace: boolean) => {
    const failed = await saveTabAsForPerson(store, tabId, destination, replace, realpath);
    if (failed) setProblem(failed);
    else onClose();
  };
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const checked = await checkSaveAsPath(store, tabId, path);
      if ('problem' in checked) setProblem(checked.problem);
      else if (checked.exists) setReplacing(checked);
      else await save(checked, false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby="save-as-title"
        className="modal save-as"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <h2 id="save-as-title">Save {tab?.title ?? 'document'} as</h2>
        <label>
          File path
          <input
            autoFocus
            aria-describedby={problem ? 'save-as-problem' : undefined}
            value={path}
            onChange={(e) => {
              setPath(e.target.value);
              setReplacing(null);
              setProblem(null);
            }}
          />
        </label>
        <p className="muted">{root ? `Inside ${root}; a path relative to it works too.` : 'Open a folder first.'}</p>
        {problem && (
          <p id="save-as-problem" role="alert">
            {problem}
          </p>
        )}
        {replacing ? (
          <div className="modal-actions" role="group" aria-label="Replace existing file">
            <span>{replacing.path} already exists. Replace it?</span>
            <button type="button" className="secondary" onClick={() => setReplacing(null)}>
              Keep it
            </button>
            <button type="button" disabled={busy} onClick={() => void save(replacing, true)}>
              Replace
            </button>
          </div>
        ) : (
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" disabled={busy}>
              Save
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
