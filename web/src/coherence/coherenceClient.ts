import { wrap, type Remote } from 'comlink';
import { PANEL_METHODS, uuidv7, type PanelApi } from '@vmark/shared/lib/coherence/index';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { HandleWorkspace } from '../fs/handleWorkspace';
import { NativeWorkspace } from '../fs/nativeWorkspace';
import { testFaults } from '../lib/testFaults';
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
const hostPanels = new Map<string, Promise<PanelApi>>();

/**
 * The full kernel of a Scratch or picked-folder workspace, in its own worker (one per workspace root,
 * started on first use): capture and the editor's MCP coherence actions. Native folders: null
 * (`vmark host` captures their saves and answers their tools).
 */
export function workerKernelOf(fs: WorkspaceFS): Promise<CoherenceApi> | null {
  if (!(fs instanceof HandleWorkspace)) return null;
  let api = workers.get(fs.root);
  if (!api) {
    const started = startCoherenceWorker(`coherence ${fs.name}`);
    api = started.api.open(fs.handle, fs.root, writerId()).then(() => started.api);
    api.catch(() => {
      started.worker.terminate();
      workers.delete(fs.root);
    });
    workers.set(fs.root, api);
  }
  return api;
}

/** A new coherence worker, not opened yet (also how bench/coherence times a rebuild in the browser, through vmarkDebug). */
export function startCoherenceWorker(name: string): { worker: Worker; api: CoherenceApi } {
  const worker = new Worker(new URL('../workers/coherence.worker.ts', import.meta.url), { type: 'module', name });
  return { worker, api: wrap<CoherenceWorkerApi>(worker) };
}

const forwarded = new WeakMap<CoherenceApi, string>();
const NO_FAULTS = JSON.stringify(testFaults.coherence);

/** Hands the page's coherence test faults to a worker when they changed (the tests set them on the page); nothing to do otherwise. */
export async function forwardFaults(api: CoherenceApi): Promise<void> {
  const faults = JSON.stringify(testFaults.coherence);
  if (faults === (forwarded.get(api) ?? NO_FAULTS)) return;
  forwarded.set(api, faults);
  await api.faults({ ...testFaults.coherence });
}

/** A native folder's panel methods, each run by `vmark host` on the kernel it keeps for that folder. */
function hostPanel(fs: NativeWorkspace): PanelApi {
  const call = (method: string) => (...args: unknown[]) => fs.service({ op: 'coherence.panel', root: fs.root, method, args });
  return Object.fromEntries(PANEL_METHODS.map((method) => [method, call(method)])) as unknown as PanelApi;
}

/** The kernel the Coherence panel works on, the same interface wherever it runs: the worker's, or the host's for a native folder. */
export function coherenceOf(fs: WorkspaceFS): Promise<PanelApi> | null {
  if (fs instanceof NativeWorkspace) {
    let panel = hostPanels.get(fs.root);
    if (!panel) {
      panel = Promise.resolve(hostPanel(fs));
      hostPanels.set(fs.root, panel);
    }
    return panel;
  }
  return workerKernelOf(fs) as Promise<PanelApi> | null;
}
