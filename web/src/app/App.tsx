import { useEffect, useState } from 'react';
import { isDirty } from '../state/types';
import { createTab, switchWorkspace } from '../state/windowActions';
import { SourceEditor } from '../editor/SourceEditor';
import { saveTabForPerson } from './fileActions';
import { FileTree } from './FileTree';
import { ConflictBar } from './ConflictBar';
import { HistoryPanel } from './HistoryPanel';
import { FolderDialogs } from './FolderDialogs';
import { Notices } from './Notices';
import { RestoreBar } from './RestoreBar';
import { TabBar } from './TabBar';
import { useConnectionState, useModel, useServices } from './services';

export function App() {
  const { store, connection, approvals, journal } = useServices();
  const [historyOpen, setHistoryOpen] = useState(false);
  const model = useModel();
  const connectionState = useConnectionState();
  const activeTab = model.tabs.find((t) => t.id === model.activeTabId) ?? null;
  const activeWorkspace = model.workspaces.find((w) => w.id === model.activeWorkspaceInstanceId) ?? null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      connection.markUsed();
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        const id = store.getSnapshot().activeTabId;
        if (id) void saveTabForPerson(store, id, async (p) => (await connection.service({ op: 'fs.realpath', path: p })) as string);
      }
    };
    const onPointer = () => connection.markUsed();
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [store, connection]);

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Workspaces and files">
        <div className="workspace-bar" role="tablist" aria-label="Workspaces">
          {model.workspaces.map((w) => (
            <button
              key={w.id}
              role="tab"
              aria-selected={w.id === model.activeWorkspaceInstanceId}
              data-workspace-id={w.id}
              onClick={() => switchWorkspace(store, w.id)}
            >
              {w.fs.name}
            </button>
          ))}
        </div>
        <div className="sidebar-actions">
          <button
            onClick={() =>
              createTab(store, { workspaceInstanceId: model.activeWorkspaceInstanceId, filePath: null, kind: 'markdown', content: '' }, { activate: true })
            }
          >
            New document
          </button>
        </div>
        {activeWorkspace && <FileTree key={activeWorkspace.id} workspace={activeWorkspace} />}
      </nav>
      <main className="main">
        <TabBar />
        <RestoreBar />
        <Notices />
        <FolderDialogs approvals={approvals} />
        {activeTab && <ConflictBar tab={activeTab} />}
        {activeTab && (
          <div className="toolbar" role="toolbar" aria-label="Document">
            <button aria-pressed={historyOpen} onClick={() => setHistoryOpen(!historyOpen)}>
              History
            </button>
          </div>
        )}
        <div className="workbench">
          <div className="editor-area">
            {activeTab ? <SourceEditor key={activeTab.id} tab={activeTab} store={store} /> : <p className="empty">Open a file or create a new document.</p>}
          </div>
          {activeTab && historyOpen && <HistoryPanel tab={activeTab} journal={journal} onClose={() => setHistoryOpen(false)} />}
        </div>
        <footer className="status-bar" role="status">
          <span>{activeTab ? `${activeTab.title}${isDirty(activeTab) ? ' — unsaved' : ' — saved'}` : 'No document'}</span>
          <span className={`mcp-state ${connectionState}`}>
            {connectionState === 'connected' ? `MCP: connected (${connection.label})` : connectionState === 'connecting' ? 'MCP: connecting…' : 'MCP: extension not installed'}
          </span>
        </footer>
      </main>
    </div>
  );
}
