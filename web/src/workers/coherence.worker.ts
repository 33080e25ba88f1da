import { expose } from 'comlink';
import { HandleCoherenceStorage } from '../coherence/handleStorage';
import { KernelService } from '@vmark/shared/lib/coherence/index';
import { testFaults, type TestFaults } from '../lib/testFaults';

let service: Promise<KernelService> | null = null;
let storage: HandleCoherenceStorage | null = null;

/** The worker serves one workspace: opened once with its directory handle and this installation's writer id. */
function open(handle: FileSystemDirectoryHandle, root: string, writer: string, options?: Parameters<typeof KernelService.open>[2]): Promise<void> {
  const store = (storage ??= new HandleCoherenceStorage(handle, root));
  // the journal opens beside the kernel (opening reads the ledger, never a snapshot's text)
  service ??= Promise.all([store.openJournal(), KernelService.open(store, writer, options)]).then(([, kernel]) => kernel);
  return service.then(() => undefined);
}

async function on<T>(use: (kernel: KernelService) => Promise<T>): Promise<T> {
  if (!service) throw new Error('the coherence worker was not opened');
  try {
    return await use(await service);
  } finally {
    // the snapshots the call stored are written once it has answered (see HandleCoherenceStorage.writeOnce)
    if (!testFaults.coherence.holdWriteBehind) setTimeout(() => void storage?.writeBehind(), 0);
  }
}

type P<M extends keyof KernelService> = Parameters<KernelService[M]>;

const api = {
  open,
  opened: () => on((k) => k.opened()),
  tracked: () => on((k) => k.tracked()),
  capture: (...a: P<'capture'>) => on((k) => k.capture(...a)),
  moved: (...a: P<'moved'>) => on((k) => k.moved(...a)),
  status: () => on((k) => k.status()),
  edges: () => on((k) => k.edges()),
  claims: () => on((k) => k.claims()),
  contexts: () => on((k) => k.contexts()),
  resolve: (...a: P<'resolve'>) => on((k) => k.resolve(...a)),
  panel: () => on((k) => k.panel()),
  resolveAsPerson: (...a: P<'resolveAsPerson'>) => on((k) => k.resolveAsPerson(...a)),
  recordCheck: (...a: P<'recordCheck'>) => on((k) => k.recordCheck(...a)),
  grant: (...a: P<'grant'>) => on((k) => k.grant(...a)),
  revoke: (...a: P<'revoke'>) => on((k) => k.revoke(...a)),
  diff: (...a: P<'diff'>) => on((k) => k.diff(...a)),
  /** Files the last scan's walk examined (bench/coherence prints it): every document, or those the watch reported. */
  examined: () => storage?.examined() ?? 0,
  /** The page's test faults for coherence (the worker has its own copy of the seam): see forwardFaults. */
  faults: (coherence: TestFaults['coherence']) => void Object.assign(testFaults.coherence, coherence),
};
export type CoherenceWorkerApi = typeof api;

expose(api);
