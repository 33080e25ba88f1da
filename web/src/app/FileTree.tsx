import { memo, useCallback, useEffect, useState } from 'react';
import { ChevronDown, ChevronRight, FilePlus, FolderPlus, LocateFixed, Pencil, Trash } from 'lucide-react';
import type { FsEntry } from '@vmark/shared';
import type { WorkspaceInstance } from '../state/types';
import { dirname, isWithin, joinPath } from '@vmark/shared/lib/paths/index';
import { openFileForPerson, renameForPerson } from './fileActions';
import { ContextMenu, type MenuItem } from './ContextMenu';
import { FileKindIcon, FolderIcon } from './fileIcons';
import { useServices } from './services';

export interface TreeSelection {
  path: string;
  kind: 'file' | 'directory';
}

interface FolderProps {
  workspace: WorkspaceInstance;
  path: string;
  depth: number;
  version: number;
  selected: TreeSelection | null;
  expanded: Set<string>;
  onSelect(selection: TreeSelection): void;
  onToggle(path: string): void;
  onMenu(selection: TreeSelection, at: { x: number; y: number }): void;
}

function Folder({ workspace, path, depth, version, selected, expanded, onSelect, onToggle, onMenu }: FolderProps) {
  const { store } = useServices();
  const [entries, setEntries] = useState<FsEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    workspace.fs.list(path).then(
      // an unchanged listing keeps its array, so a periodic refresh re-renders nothing
      (next) => setEntries((current) => (current && JSON.stringify(current) === JSON.stringify(next) ? current : next)),
      (e: Error) => setError(e.message),
    );
  }, [workspace, path]);
  useEffect(load, [load, version]);

  if (error) return <li role="alert">{error}</li>;
  if (!entries) return <li aria-busy="true">…</li>;
  return (
    <>
      {entries
        .filter((e) => !e.name.startsWith('.') || e.name === '.github')
        .map((entry) => {
          const full = joinPath(path, entry.name);
          const indent = { paddingLeft: `${depth * 14 + 6}px` };
          const isSelected = selected?.path === full;
          if (entry.kind === 'directory') {
            const open = expanded.has(full);
            return (
              <li key={full} role="treeitem" aria-expanded={open} aria-selected={isSelected}>
                <button
                  className={`tree-row${isSelected ? ' selected' : ''}`}
                  style={indent}
                  onClick={() => {
                    onSelect({ path: full, kind: 'directory' });
                    onToggle(full);
                  }}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    onMenu({ path: full, kind: 'directory' }, { x: e.clientX, y: e.clientY });
                  }}
                >
                  {open ? <ChevronDown className="chevron" size={14} aria-hidden /> : <ChevronRight className="chevron" size={14} aria-hidden />}
                  <FolderIcon open={open} />
                  <span className="tree-name">{entry.name}</span>
                </button>
                {open && (
                  <ul role="group">
                    <Folder {...{ workspace, version, selected, expanded, onSelect, onToggle, onMenu }} path={full} depth={depth + 1} />
                  </ul>
                )}
              </li>
            );
          }
          return (
            <li key={full} role="treeitem" aria-selected={isSelected}>
              <button
                className={`tree-row${isSelected ? ' selected' : ''}`}
                style={indent}
                data-path={full}
                onClick={() => {
                  onSelect({ path: full, kind: 'file' });
                  void openFileForPerson(store, workspace.fs, workspace.id, full).catch((e: Error) => store.notify(e.message));
                }}
                onContextMenu={(e) => {
                  e.preventDefault();
                  onMenu({ path: full, kind: 'file' }, { x: e.clientX, y: e.clientY });
                }}
              >
                <span className="chevron-space" />
                <FileKindIcon name={entry.name} />
                <span className="tree-name">{entry.name}</span>
              </button>
            </li>
          );
        })}
    </>
  );
}

const TREE_POLL_MS = 3_000;

/**
 * The workspace's files, with new file / new folder / rename / delete / reveal. Memoised and not
 * subscribed to the model: nothing it shows follows the tabs, and the App renders on every change of
 * the model (each edit, each AI write). Reveal reads the store when clicked.
 */
export const FileTree = memo(function FileTree({ workspace }: { workspace: WorkspaceInstance }) {
  const { store, comments } = useServices();
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<TreeSelection | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const refresh = () => setVersion((v) => v + 1);
  // files made outside the tree (another program, the AI's save_as) show up: observed where the browser can, else polled
  useEffect(() => {
    const stopWatching = workspace.fs.watch?.(() => refresh()) ?? null;
    if (stopWatching) return stopWatching;
    const timer = setInterval(() => !document.hidden && refresh(), TREE_POLL_MS);
    return () => clearInterval(timer);
  }, [workspace]);
  const folderOfSelection = selected ? (selected.kind === 'directory' ? selected.path : dirname(selected.path)) : workspace.fs.root;
  const toggle = (path: string) => setExpanded((s) => new Set(s.has(path) ? [...s].filter((p) => p !== path) : [...s, path]));

  const run = async (what: () => Promise<void>) => {
    try {
      await what();
      refresh();
    } catch (error) {
      store.notify((error as Error).message);
    }
  };
  const newFile = () =>
    run(async () => {
      const name = window.prompt('Name of the new file', 'untitled.md');
      if (!name) return;
      const path = joinPath(folderOfSelection, name);
      await workspace.fs.writeText(path, '', { createOnly: true });
      await openFileForPerson(store, workspace.fs, workspace.id, path);
    });
  const newFolder = () =>
    run(async () => {
      const name = window.prompt('Name of the new folder', 'notes');
      if (name) await workspace.fs.mkdir(joinPath(folderOfSelection, name));
    });
  const rename = () =>
    run(async () => {
      if (!selected) return;
      const name = window.prompt('New name', selected.path.slice(selected.path.lastIndexOf('/') + 1));
      if (!name) return;
      const target = joinPath(dirname(selected.path), name);
      await renameForPerson(store, comments, workspace.fs, selected.path, target);
      setSelected({ ...selected, path: target });
    });
  const remove = () =>
    run(async () => {
      if (!selected || !window.confirm(`Delete ${selected.path}? This cannot be undone.`)) return;
      await workspace.fs.remove(selected.path);
      setSelected(null);
    });
  const reveal = () => {
    const model = store.getSnapshot();
    const active = model.tabs.find((t) => t.id === model.activeTabId)?.filePath;
    if (!active || !isWithin(workspace.fs.root, active)) return;
    const folders: string[] = [];
    for (let dir = dirname(active); dir.length > workspace.fs.root.length; dir = dirname(dir)) folders.push(dir);
    setExpanded((s) => new Set([...s, ...folders]));
    setSelected({ path: active, kind: 'file' });
  };

  const actions: (MenuItem & { needsSelection: boolean })[] = [
    { label: 'New file', icon: FilePlus, run: () => void newFile(), needsSelection: false },
    { label: 'New folder', icon: FolderPlus, run: () => void newFolder(), needsSelection: false },
    { label: 'Rename', icon: Pencil, run: () => void rename(), needsSelection: true },
    { label: 'Delete', icon: Trash, run: () => void remove(), needsSelection: true },
    { label: 'Reveal', hint: 'the active document', icon: LocateFixed, run: reveal, needsSelection: false },
  ];

  return (
    <>
      <div className="tree-header">
        <span className="section-title">Files</span>
        <div className="tree-actions" role="toolbar" aria-label="File actions">
          {actions.map(({ label, hint, icon: Icon, run: act, needsSelection }) => (
            <button key={label} className="icon-button" aria-label={label} title={hint ? `${label} ${hint}` : label} disabled={needsSelection && !selected} onClick={act}>
              <Icon size={15} aria-hidden />
            </button>
          ))}
        </div>
      </div>
      <ul className="file-tree" role="tree" aria-label={`Files of ${workspace.fs.name}`}>
        <Folder
          workspace={workspace}
          path={workspace.fs.root}
          depth={0}
          version={version}
          selected={selected}
          expanded={expanded}
          onSelect={setSelected}
          onToggle={toggle}
          onMenu={(selection, at) => {
            setSelected(selection);
            setMenuAt(at);
          }}
        />
      </ul>
      {menuAt && <ContextMenu label="File actions menu" at={menuAt} items={actions} onClose={() => setMenuAt(null)} />}
    </>
  );
});
