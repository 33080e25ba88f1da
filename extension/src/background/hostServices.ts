import { CallTracker, hopTimeoutMs, isEditorOnlyService, isWorkerOnlyService, type ExtensionToEditor, type HostServiceOp, type HostServiceResult } from '@vmark/shared';
import type { NativePort } from './nativePort';

type Answer = { ok: true; data: unknown } | { ok: false; code: string; message: string };

const noHost = (message: string): Answer => ({ ok: false, code: 'NO_HOST', message });

/** Service requests to `vmark host`, from editor pages (native folders) and from the worker itself. */
export class HostServices {
  private readonly calls = new CallTracker<Answer>('s');

  constructor(private readonly native: NativePort) {
    // the host went away: nothing it was asked will be answered
    native.onDisconnect(() => this.calls.endAll((op) => noHost(`The VMark host went away during ${op}; retry once it is back (\`vmark doctor\` shows why it is not).`)));
  }

  /** Passes an editor's request on; the answer goes back to that editor under its own id, before the editor's own wait ends. */
  forEditor(port: chrome.runtime.Port, id: string, request: HostServiceOp): void {
    if (isWorkerOnlyService(request)) {
      port.postMessage({ type: 'serviceResult', id, ok: false, code: 'FORBIDDEN', message: 'Saved sign-ins are served to the extension only.' } satisfies ExtensionToEditor);
      return;
    }
    void this.request(request, hopTimeoutMs('extensionToHostService')).then((answer) => {
      try {
        port.postMessage({ type: 'serviceResult', id, ...answer } satisfies ExtensionToEditor);
      } catch {
        // the editor window closed meanwhile: nobody waits for this answer
      }
    });
  }

  async call(request: HostServiceOp, timeoutMs = hopTimeoutMs('workerToHostService')): Promise<unknown> {
    if (isEditorOnlyService(request)) throw new Error(`FORBIDDEN: ${request.op} is served to editor pages only (the person's panel)`);
    const answer = await this.request(request, timeoutMs);
    if (answer.ok) return answer.data;
    throw new Error(answer.code === 'NO_HOST' ? answer.message : `${answer.code}: ${answer.message}`);
  }

  settle(result: HostServiceResult): void {
    const { type: _type, id, ...answer } = result;
    this.calls.settle(id, answer as Answer);
  }

  private request(request: HostServiceOp, timeoutMs: number): Promise<Answer> {
    return this.calls.open(
      {
        what: request.op,
        timeoutMs,
        timedOut: (op) => noHost(`The VMark host did not answer ${op} within ${timeoutMs / 1000} s; retry, and run \`vmark doctor\` if it repeats.`),
        unsent: () => noHost('The VMark host is not connected.'),
      },
      (id) => this.native.send({ type: 'service', id, request }),
    );
  }
}
