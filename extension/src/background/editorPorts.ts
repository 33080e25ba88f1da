import { textFailure, type CallOutcome, type CallRequest, type EditorToExtension, type ExtensionToEditor } from '@vmark/shared';

export interface EditorWindow {
  label: string;
  port: chrome.runtime.Port;
  browserTabId: number;
  browserWindowId: number;
}

/** A window that does not answer within this time is treated as gone for this call. */
const EDITOR_CALL_TIMEOUT_MS = 60_000;

/** Transport only: the ports that editor windows open through externally_connectable. */
export class EditorPorts {
  private readonly windows = new Map<string, EditorWindow>();
  private readonly pending = new Map<string, (outcome: CallOutcome) => void>();
  private nextId = 0;

  add(window: EditorWindow): void {
    this.windows.set(window.label, window);
  }

  remove(port: chrome.runtime.Port): EditorWindow | undefined {
    for (const [label, w] of this.windows) {
      if (w.port === port) {
        this.windows.delete(label);
        return w;
      }
    }
    return undefined;
  }

  get(label: string): EditorWindow | undefined {
    return this.windows.get(label);
  }

  list(): EditorWindow[] {
    return [...this.windows.values()];
  }

  labels(): Set<string> {
    return new Set(this.windows.keys());
  }

  /** Results arrive on the port's message listener, which forwards them here. */
  settle(message: Extract<EditorToExtension, { type: 'result' }>): void {
    const resolve = this.pending.get(message.id);
    this.pending.delete(message.id);
    resolve?.(message.outcome);
  }

  call(window: EditorWindow, request: Omit<CallRequest, 'id' | 'type'>): Promise<CallOutcome> {
    const id = `e${++this.nextId}`;
    return new Promise<CallOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(textFailure(`Editor window "${window.label}" did not answer ${request.tool}.${request.action} in time; retry.`));
      }, EDITOR_CALL_TIMEOUT_MS);
      this.pending.set(id, (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
      try {
        window.port.postMessage({ type: 'call', id, ...request } satisfies ExtensionToEditor);
      } catch {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(textFailure(`Editor window "${window.label}" closed; call session.get_state and retry.`));
      }
    });
  }
}
