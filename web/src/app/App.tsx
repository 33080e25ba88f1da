import { useEffect, useMemo, useState } from 'react';
import { isDirty } from '../state/types';
import { createTab, moveActiveTab, switchWorkspace, toggleMode } from '../state/windowActions';
import { SourceEditor } from '../editor/SourceEditor';
import { WysiwygEditor } from '../editor/WysiwygEditor';
import { runAutosave } from './autosave';
import { addFrontMatter } from './frontMatterCommand';
import { CommandPalette, type Command } from './CommandPalette';
import { ConflictBar } from './ConflictBar';
import { CommentButton, CommentsPanel } from './CommentsPanel';
import type { CommentDraft } from './commentDraft';
import { saveTabForPerson } from './fileActions';
import { FileTree } from './FileTree';
import { openFolderForPerson, restorePickedFolders, type FolderToReconnect } from './folderActions';
import { FolderDialogs } from './FolderDialogs';
import { HistoryPanel } from './HistoryPanel';
import { Notices } from './Notices';
import { OutlinePanel } from './OutlinePanel';
import { RestoreBar } from './RestoreBar';
import { SaveAsDialog } from './SaveAsDialog';
import { SettingsDialog } from './SettingsDialog';
import { TabBar } from './TabBar';
import { useConnectionState, useModel, useServices } from './services';
import { useWordCount } from './useWordCount';

type SidePanel = 'history' | 'outline' | 'comments' | null;

export function App() {
  const { store, connection, approvals, journal, comments } = useServices();
  const model = useModel();
  const connectionState = useConnectionState();
  const [panel, setPanel] = useState<SidePanel>(null);
  const [commentDraft, setCommentDraft] = useState<CommentDraft | null>(null);
  const [selectedComment, setSelectedComment] = useState<string | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [saveAsTab, setSaveAsTab] = useState<string | null>(null);
  const [reconnect, setReconnect] = useState<FolderToReconnect[]>([]);
  const activeTab = model.tabs.find((t) => t.id === model.activeTabId) ?? null;
  const words = useWordCount(activeTab?.id ?? null, activeTab?.content ?? '');
  const activeWorkspace = model.workspaces.find((w) => w.id === model.activeWorkspaceInstanceId) ?? null;
  const realpath = useMemo(() => async (p: string) => (await connection.service({ op: 'fs.realpath', path: p })) as string, [connection]);

  const commands: Command[] = useMemo(
    () => [
      { id: 'new', title: 'New document', shortcut: 'Ctrl+N', run: () => createTab(store, { workspaceInstanceId: store.getSnapshot().activeWorkspaceInstanceId, filePath: null, kind: 'markdown', content: '' }, { activate: true }) },
      { id: 'save', title: 'Save', shortcut: 'Ctrl+S', run: () => void saveActive() },
      { id: 'save-as', title: 'Save As…', shortcut: 'Ctrl+Shift+S', run: () => saveActiveAs() },
      { id: 'open-folder', title: 'Open folder…', run: () => void openFolderForPerson(store) },
      { id: 'new-window', title: 'New window', run: () => window.open(location.origin + location.pathname, '_blank') },
      { id: 'history', title: 'Toggle history', run: () => setPanel((p) => (p === 'history' ? null : 'history')) },
      { id: 'outline', title: 'Toggle outline', run: () => setPanel((p) => (p === 'outline' ? null : 'outline')) },
      { id: 'settings', title: 'Settings', shortcut: 'Ctrl+,', run: () => setSettingsOpen(true) },
      { id: 'mode', title: 'Toggle source mode', shortcut: 'Ctrl+/', run: () => toggleActiveMode() },
      { id: 'tab-left', title: 'Move tab left', shortcut: 'Ctrl+Shift+PageUp', run: () => moveActiveTab(store, -1) },
      { id: 'tab-right', title: 'Move tab right', shortcut: 'Ctrl+Shift+PageDown', run: () => moveActiveTab(store, 1) },
      { id: 'front-matter', title: 'Add front matter', run: () => addFrontMatter(store) },
    ],
    // the commands read the store when they run, so they are built once per store
    [store],
  );

  function selectComment(threadId: string): void {
    setSelectedComment(threadId);
    setPanel('comments');
  }

  function toggleActiveMode(): void {
    const id = store.getSnapshot().activeTabId;
    if (id) toggleMode(store, id);
  }

  async function saveActive(): Promise<void> {
    const id = store.getSnapshot().activeTabId;
    // an untitled document has no file yet: saving it asks where
    if (id && store.tab(id)?.filePath === null) setSaveAsTab(id);
    else if (id) await saveTabForPerson(store, id, realpath);
  }

  function saveActiveAs(): void {
    const id = store.getSnapshot().activeTabId;
    if (id && !store.tab(id)?.readOnly) setSaveAsTab(id);
  }

  useEffect(() => runAutosave(store, realpath), [store, realpath]);
  useEffect(() => {
    void restorePickedFolders(store).then(setReconnect);
  }, [store]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      connection.markUsed();
      const mod = event.ctrlKey || event.metaKey;
      if (!mod) return;
      const key = event.key.toLowerCase();
      if (key === 's' && event.shiftKey) saveActiveAs();
      else if (key === 's') void saveActive();
      else if (key === 'p' && event.shiftKey) setPaletteOpen(true);
      else if (key === ',') setSettingsOpen(true);
      else if (key === '/') toggleActiveMode();
      else if (event.shiftKey && (event.key === 'PageUp' || event.key === 'PageDown')) moveActiveTab(store, event.key === 'PageUp' ? -1 : 1);
      else return;
      event.preventDefault();
    };
    const onPointer = () => connection.markUsed();
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
    // the handlers read the store when they fire; rebinding them on every render is not needed
  }, [store, connection]);

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Workspaces and files">
        <div className="workspace-bar" role="tablist" aria-label="Workspaces">
          {model.workspaces.map((w) => (
            <button key={w.id} role="tab" aria-selected={w.id === model.activeWorkspaceInstanceId} data-workspace-id={w.id} onClick={() => switchWorkspace(store, w.id)}>
              {w.fs.name}
            </button>
          ))}
        </div>
        {reconnect.map((folder) => (
          <div key={folder.root} className="reconnect">
            <span>{folder.name} needs permission again.</span>
            <button
              onClick={() =>
                void folder.reconnect().then((ok) => {
                  if (ok) setReconnect((list) => list.filter((f) => f !== folder));
                })
              }
            >
              Reconnect {folder.name}
            </button>
          </div>
        ))}
        <div className="sidebar-actions">
          {commands
            .filter((c) => ['new', 'open-folder', 'new-window', 'settings'].includes(c.id))
            .map((c) => (
              <button key={c.id} onClick={c.run}>
                {c.id === 'new' ? 'New document' : c.title}
              </button>
            ))}
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
            <button aria-pressed={panel === 'history'} onClick={() => setPanel(panel === 'history' ? null : 'history')}>
              History
            </button>
            <button aria-pressed={panel === 'outline'} onClick={() => setPanel(panel === 'outline' ? null : 'outline')}>
              Outline
            </button>
            {activeTab.kind === 'markdown' && (
              <button aria-pressed={activeTab.mode === 'source'} title="Ctrl+/" onClick={() => toggleMode(store, activeTab.id)}>
                Source mode
              </button>
            )}
            <button aria-pressed={panel === 'comments'} onClick={() => setPanel(panel === 'comments' ? null : 'comments')}>
              Comments
            </button>
            <CommentButton
              tab={activeTab}
              onDraft={(draft) => {
                setCommentDraft(draft);
                setPanel('comments');
              }}
            />
          </div>
        )}
        <div className="workbench">
          <div className="editor-area">
            {activeTab ? (
              activeTab.readOnly ? (
                <pre className="viewer" aria-label={`${activeTab.title} (read-only)`}>
                  {activeTab.content}
                </pre>
              ) : activeTab.kind === 'markdown' && activeTab.mode === 'wysiwyg' ? (
                <WysiwygEditor key={`${activeTab.id}:wysiwyg`} tab={activeTab} store={store} comments={comments} onSelectComment={selectComment} />
              ) : (
                <SourceEditor key={`${activeTab.id}:source`} tab={activeTab} store={store} comments={comments} onSelectComment={selectComment} />
              )
            ) : (
              <p className="empty">Open a file or create a new document.</p>
            )}
          </div>
          {activeTab && panel === 'history' && <HistoryPanel tab={activeTab} journal={journal} onClose={() => setPanel(null)} />}
          {activeTab && panel === 'outline' && <OutlinePanel tab={activeTab} onClose={() => setPanel(null)} />}
          {activeTab && panel === 'comments' && <CommentsPanel tab={activeTab} draft={commentDraft} selectedId={selectedComment} onDraftDone={() => setCommentDraft(null)} onClose={() => setPanel(null)} />}
        </div>
        <footer className="status-bar" role="status">
          <span>
            {activeTab ? `${activeTab.title} — ${isDirty(activeTab) ? 'unsaved' : 'saved'} — ${words ?? '…'} words` : 'No document'}
          </span>
          <span className={`mcp-state ${connectionState}`}>
            {connectionState === 'connected' ? `MCP: connected (${connection.label})` : connectionState === 'connecting' ? 'MCP: connecting…' : 'MCP: extension not installed'}
          </span>
        </footer>
      </main>
      {paletteOpen && <CommandPalette commands={commands} onClose={() => setPaletteOpen(false)} />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      {saveAsTab && store.tab(saveAsTab) && <SaveAsDialog tabId={saveAsTab} realpath={realpath} onClose={() => setSaveAsTab(null)} />}
    </div>
  );
}
