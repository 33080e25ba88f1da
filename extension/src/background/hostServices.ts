import { isWorkerOnlyService, type ExtensionToEditor, type HostServiceOp, type HostServiceResult } from '@vmark/shared';
import type { NativePort } from './nativePort';

/** A host that does not answer within this time is treated as absent. */
const ANSWER_TIMEOUT_MS = 5_000;

type Caller = { kind: 'editor'; port: chrome.runtime.Port; id: string } | { kind: 'worker'; settle(result: HostServiceResult): void };

/** Service requests to `vmark host`, from editor pages (native folders) and from the worker itself. */
export class HostServices {
  private readonly inFlight = new Map<string, Caller>();
  private nextId = 0;

  constructor(private readonly native: NativePort) {}

  /** Passes an editor's request on; the answer goes back to that editor under its own id. */
  forEditor(port: chrome.runtime.Port, id: string, request: HostServiceOp): void {
    if (isWorkerOnlyService(request)) {
      port.postMessage({ type: 'serviceResult', id, ok: false, code: 'FORBIDDEN', message: 'Saved sign-ins are served to the extension only.' } satisfies ExtensionToEditor);
      return;
    }
    const hostId = this.send(request, { kind: 'editor', port, id });
    if (hostId === null) port.postMessage({ type: 'serviceResult', id, ok: false, code: 'NO_HOST', message: 'The VMark host is not connected.' } satisfies ExtensionToEditor);
  }

  call(request: HostServiceOp, timeoutMs = ANSWER_TIMEOUT_MS): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (hostId !== null) this.inFlight.delete(hostId);
        reject(new Error('The VMark host did not answer.'));
      }, timeoutMs);
      const hostId = this.send(request, {
        kind: 'worker',
        settle(result) {
          clearTimeout(timer);
          if (result.ok) resolve(result.data);
          else reject(new Error(`${result.code}: ${result.message}`));
        },
      });
      if (hostId === null) {
        clearTimeout(timer);
        reject(new Error('The VMark host is not connected.'));
      }
    });
  }

  settle(result: HostServiceResult): void {
    const caller = this.inFlight.get(result.id);
    this.inFlight.delete(result.id);
    if (caller?.kind === 'editor') caller.port.postMessage({ ...result, id: caller.id } satisfies ExtensionToEditor);
    else caller?.settle(result);
  }

  private send(request: HostServiceOp, caller: Caller): string | null {
    const id = `s${++this.nextId}`;
    this.inFlight.set(id, caller);
    if (this.native.send({ type: 'service', id, request })) return id;
    this.inFlight.delete(id);
    return null;
  }
}
