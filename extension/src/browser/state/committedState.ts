import { loadBrowserState, onBrowserStateChange, type BrowserState } from './browserState';

/**
 * The last committed browser state, in memory, for read-only callers on hot paths (session.get_state
 * lists the caller's tabs on every call): every write goes through updateBrowserState in this worker,
 * which hands the committed state to its listeners; a new worker starts empty and reads storage once.
 * The same pattern as aiTabCache.ts. Callers must not change the object.
 */
let committed: BrowserState | null = null;

onBrowserStateChange((state) => {
  committed = state;
});

export async function committedBrowserState(): Promise<Readonly<BrowserState>> {
  if (committed) return committed;
  const state = await loadBrowserState();
  // a commit that landed while storage was read is newer than what the read returned
  committed ??= state;
  return committed;
}
