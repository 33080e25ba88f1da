import { wrap, type Remote } from 'comlink';
import { LEDGER_MARKERS, uuidv7 } from '@vmark/shared/lib/coherence/index';
import { joinPath } from '@vmark/shared/lib/paths/index';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { HandleWorkspace } from '../fs/handleWorkspace';
import type { CoherenceWorkerApi } from '../workers/coherence.worker';

const WRITER_KEY = 'vmark-coherence-writer';

/** This installation's writer id: one UUIDv7 per browser profile, kept outside every workspace. */
export function writerId(): string {
  let id = localStorage.getItem(WRITER_KEY);
  if (!id) {
    id = uuidv7();
    localStorage.setItem(WRITER_KEY, id);
  }
  return id;
}

export type CoherenceApi = Remote<CoherenceWorkerApi>;

const workers = new Map<string, Promise<CoherenceApi>>();

/**
 * The kernel of a Scratch or picked-folder workspace, in its own worker (one per workspace root,
 * started on first use). Native folders have theirs in `vmark host`: null.
 */
export function coherenceOf(fs: WorkspaceFS): Promise<CoherenceApi> | null {
  if (!(fs instanceof HandleWorkspace)) return null;
  let api = workers.get(fs.root);
  if (!api) {
    const worker = new Worker(new URL('../workers/coherence.worker.ts', import.meta.url), { type: 'module', name: `coherence ${fs.name}` });
    const remote = wrap<CoherenceWorkerApi>(worker);
    api = remote.open(fs.handle, fs.root, writerId()).then(() => remote);
    api.catch(() => {
      worker.terminate();
      workers.delete(fs.root);
    });
    workers.set(fs.root, api);
  }
  return api;
}

/** Provenance is recorded in a workspace once it has a ledger (`.vmark/`); the person starts it in the Coherence panel. */
export async function isRecorded(fs: WorkspaceFS): Promise<boolean> {
  if (fs.kind === 'native') return false;
  for (const marker of LEDGER_MARKERS) if (await fs.stat(joinPath(fs.root, marker)).catch(() => null)) return true;
  return false;
}
