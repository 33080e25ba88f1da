import { useCallback, useEffect, useMemo, useState } from 'react';
import { createTab, moveActiveTab, toggleMode } from '../state/windowActions';
import { SourceEditor } from '../editor/SourceEditor';
import { WysiwygEditor } from '../editor/WysiwygEditor';
import { runAutosave } from './autosave';
import { addFrontMatter } from './frontMatterCommand';
import { appCommands } from './appCommands';
import { CommandPalette, type Command } from './CommandPalette';
import { newBrowserWorkflow } from './newWorkflowCommand';
import { ConflictBar } from './ConflictBar';
import { CoherencePanel } from './CoherencePanel';
import { CommentsPanel } from './CommentsPanel';
import { DocumentToolbar, type SidePanel } from './DocumentToolbar';
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
import { useModel, useServices } from './services';
import { commandOfKey } from './shortcuts';
import { SidebarHeader } from './SidebarHeader';
import { StatusBar } from './StatusBar';

/** A file of the workspace is shown from the workspace's name down; others by their full path. */
function pathInWorkspace(filePath: string, root: string | undefined): string {
  if (!root || !filePath.startsWith(`${root}/`)) return filePath;
  return `${root.slice(root.lastIndexOf('/') + 1)}${filePath.slice(root.length)}`;
}

export function App() {
  const { store, connection, approvals, journal, comments } = useServices();
  const model = useModel();
  const [panel, setPanel] = useState<SidePanel>(null);
  const [commentDraft, setCommentDraft] = useState<CommentDraft | null>(null);
  const [selectedComment, setSelectedComment] = useState<string | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [saveAsTab, setSaveAsTab] = useState<string | null>(null);
  const [reconnect, setReconnect] = useState<FolderToReconnect[]>([]);
  const activeTab = model.tabs.find((t) => t.id === model.activeTabId) ?? null;
  const activeWorkspace = model.workspaces.find((w) => w.id === model.activeWorkspaceInstanceId) ?? null;
  const realpath = useMemo(() => async (p: string) => (await connection.service({ op: 'fs.realpath', path: p })) as string, [connection]);

  const commands: Command[] = useMemo(
    () =>
      appCommands({
        newDocument: () => createTab(store, { workspaceInstanceId: store.getSnapshot().activeWorkspaceInstanceId, filePath: null, kind: 'markdown', content: '' }, { activate: true }),
        save: () => void saveActive(),
        saveAs: () => saveActiveAs(),
        openFolder: () => void openFolderForPerson(store),
        newWindow: () => window.open(location.origin + location.pathname, '_blank'),
        toggleHistory: () => setPanel((p) => (p === 'history' ? null : 'history')),
        toggleOutline: () => setPanel((p) => (p === 'outline' ? null : 'outline')),
        toggleCoherence: () => setPanel((p) => (p === 'coherence' ? null : 'coherence')),
        openSettings: () => setSettingsOpen(true),
        toggleMode: () => toggleActiveMode(),
        moveTab: (step) => moveActiveTab(store, step),
        addFrontMatter: () => addFrontMatter(store),
        newWorkflow: () => newBrowserWorkflow(store),
      }),
    // the commands read the store when they run, so they are built once per store
    [store],
  );

  const draftComment = useCallback((draft: CommentDraft) => {
    setCommentDraft(draft);
    setPanel('comments');
  }, []);

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
      const command = commandOfKey(event);
      if (!command) return;
      if (command === 'palette') setPaletteOpen(true);
      else commands.find((c) => c.id === command)?.run();
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
  }, [store, connection, commands]);

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Workspaces and files">
        <SidebarHeader commands={commands} workspaces={model.workspaces} activeWorkspaceId={model.activeWorkspaceInstanceId} />
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
        {activeWorkspace && <FileTree key={activeWorkspace.id} workspace={activeWorkspace} />}
      </nav>
      <main className="main">
        <TabBar />
        <RestoreBar />
        <Notices />
        <FolderDialogs approvals={approvals} />
        {activeTab && <ConflictBar tab={activeTab} />}
        {activeTab && (
          <DocumentToolbar
            tabId={activeTab.id}
            place={activeTab.filePath ? pathInWorkspace(activeTab.filePath, activeWorkspace?.fs.root) : `${activeTab.title} (not saved yet)`}
            placeTitle={activeTab.filePath ?? 'Not saved yet'}
            kind={activeTab.kind}
            sourceMode={activeTab.mode === 'source'}
            panel={panel}
            onPanel={setPanel}
            onDraft={draftComment}
          />
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
              <div className="empty">
                <p>Open a file from the sidebar, or start a new document.</p>
                <p className="muted">
                  <kbd>Ctrl+Shift+P</kbd> opens the command palette
                </p>
              </div>
            )}
          </div>
          {activeTab && panel === 'history' && <HistoryPanel tab={activeTab} journal={journal} onClose={() => setPanel(null)} />}
          {activeTab && panel === 'outline' && <OutlinePanel tab={activeTab} onClose={() => setPanel(null)} />}
          {activeWorkspace && panel === 'coherence' && (
            <CoherencePanel key={activeWorkspace.id} workspace={activeWorkspace} tab={activeTab?.workspaceInstanceId === activeWorkspace.id ? activeTab : null} onClose={() => setPanel(null)} />
          )}
          {activeTab && panel === 'comments' && <CommentsPanel tab={activeTab} draft={commentDraft} selectedId={selectedComment} onDraftDone={() => setCommentDraft(null)} onClose={() => setPanel(null)} />}
        </div>
        <StatusBar tab={activeTab} />
      </main>
      {paletteOpen && <CommandPalette commands={commands} onClose={() => setPaletteOpen(false)} />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      {saveAsTab && store.tab(saveAsTab) && <SaveAsDialog tabId={saveAsTab} realpath={realpath} onClose={() => setSaveAsTab(null)} />}
    </div>
  );
}
