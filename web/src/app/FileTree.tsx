import { useCallback, useEffect, useState } from 'react';
import type { FsEntry } from '@vmark/shared';
import type { WorkspaceInstance } from '../state/types';
import { joinPath } from '../lib/paths';
import { openFileForPerson } from './fileActions';
import { useServices } from './services';

function Folder({ workspace, path, depth }: { workspace: WorkspaceInstance; path: string; depth: number }) {
  const { store } = useServices();
  const [entries, setEntries] = useState<FsEntry[] | null>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    workspace.fs.list(path).then(setEntries, (e: Error) => setError(e.message));
  }, [workspace, path]);
  useEffect(load, [load]);

  if (error) return <li role="alert">{error}</li>;
  if (!entries) return <li aria-busy="true">…</li>;
  return (
    <>
      {entries
        .filter((e) => !e.name.startsWith('.') || e.name === '.github')
        .map((entry) => {
          const full = joinPath(path, entry.name);
          const indent = { paddingLeft: `${depth * 12 + 8}px` };
          if (entry.kind === 'directory') {
            return (
              <li key={full} role="treeitem" aria-expanded={Boolean(open[full])}>
                <button className="tree-row" style={indent} onClick={() => setOpen((o) => ({ ...o, [full]: !o[full] }))}>
                  {open[full] ? '▾' : '▸'} {entry.name}
                </button>
                {open[full] && (
                  <ul role="group">
                    <Folder workspace={workspace} path={full} depth={depth + 1} />
                  </ul>
                )}
              </li>
            );
          }
          return (
            <li key={full} role="treeitem">
              <button
                className="tree-row"
                style={indent}
                data-path={full}
                onClick={() => void openFileForPerson(store, workspace.fs, workspace.id, full)}
              >
                {entry.name}
              </button>
            </li>
          );
        })}
    </>
  );
}

export function FileTree({ workspace }: { workspace: WorkspaceInstance }) {
  return (
    <ul className="file-tree" role="tree" aria-label={`Files of ${workspace.fs.name}`}>
      <Folder workspace={workspace} path={workspace.fs.root} depth={0} />
    </ul>
  );
}
