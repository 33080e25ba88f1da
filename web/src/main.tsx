import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ServicesContext } from './app/services';
import './app/app.css';
import { openScratch } from './fs/handleWorkspace';
import { NativeWorkspace } from './fs/nativeWorkspace';
import { ExtensionConnection } from './mcp/connection';
import { dispatch } from './mcp/dispatch';
import { viewsAfterAnswer, viewsBeforeCall } from './mcp/pacedCalls';
import { catchUpOnInput } from './state/catchUpOnInput';
import { windowReport } from './mcp/windowReport';
import { watchDisk, type DiskWatcher } from './documents/diskWatcher';
import { allBuffers, holdWindowLock, UnsavedBufferJournal } from './documents/unsavedBuffers';
import { WindowStore } from './state/store';
import { testFaults, type TestFaults } from './lib/testFaults';
import { AgentJournal } from './journal/agentJournal';
import { FolderApprovals } from './state/folderApprovals';
import { addWorkspace } from './state/windowActions';
import { CommentStore } from './comments/commentStore';
import { trackComments } from './comments/trackComments';
import { followMovesOfOtherWindows } from './app/fileActions';
import { startCoherenceWorker } from './coherence/coherenceClient';

const store = new WindowStore();
const journal = new AgentJournal();
const buffers = new UnsavedBufferJournal(store);
const approvals = new FolderApprovals();
const comments = new CommentStore();
const connection: ExtensionConnection = new ExtensionConnection(async (request) => {
  viewsBeforeCall(store, request);
  // `addresses` are checked against the open threads, so the comments of open tabs must be loaded
  await comments.whenLoaded();
  return dispatch(
    {
      store,
      journal,
      buffers,
      approvals,
      comments,
      openThreads: (docKey) => comments.openThreads(docKey),
      hostService: (service) => connection.service(service),
      windowLabel: () => connection.label ?? 'main',
    },
    request,
  );
});

// the one test seam: the end-to-end tests switch faults (lib/testFaults.ts), the review backlog limit and disk polling here;
// bench/coherence starts coherence workers of its own on a workspace it wrote into OPFS
const vmarkDebug: { faults: TestFaults; journal: AgentJournal; buffers: typeof allBuffers; disk?: DiskWatcher; startCoherenceWorker: typeof startCoherenceWorker } = {
  faults: testFaults,
  journal,
  buffers: allBuffers,
  startCoherenceWorker,
};
(window as unknown as { vmarkDebug: object }).vmarkDebug = vmarkDebug;

connection.onConnectionClosed = (connectionId) => approvals.dropConnection(connectionId);
// the UI renders what a call changed once its answer is on its way (WindowStore.holdViews)
connection.onAnswered = (call) => viewsAfterAnswer(store, call);
connection.windowReport = (label) => windowReport(store, label);
store.subscribe(() => connection.reportChanged());

async function boot(): Promise<void> {
  addWorkspace(store, await openScratch(), true);
  holdWindowLock();
  catchUpOnInput(store, window);
  buffers.start();
  vmarkDebug.disk = watchDisk(store);
  trackComments(store, comments);
  followMovesOfOtherWindows(store, comments);
  connection.connect();
  const workspace = new URLSearchParams(location.search).get('workspace');
  if (workspace) await openNativeWorkspace(workspace);
}

/** A native folder from `vmark start --workspace DIR`: served by the host once the extension is connected. */
async function openNativeWorkspace(root: string): Promise<void> {
  const fs = new NativeWorkspace(root, (request) => connection.service(request));
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fs.list(root);
      addWorkspace(store, fs, true);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  console.error(`VMark: could not open the native folder ${root}`);
}

if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ServicesContext.Provider value={{ store, connection, approvals, journal, comments }}>
      <App />
    </ServicesContext.Provider>
  </StrictMode>,
);
void boot();
