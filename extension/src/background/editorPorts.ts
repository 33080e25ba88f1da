import { CallTracker, hopTimeoutMs, textFailure, type CallOutcome, type CallRequest, type EditorToExtension, type ExtensionToEditor, type WindowReport } from '@vmark/shared';

export interface EditorWindow {
  label: string;
  port: chrome.runtime.Port;
  browserTabId: number;
  browserWindowId: number;
}

/** How long a call waits for editor windows that connected but are not registered yet. */
export const JOIN_WAIT_MS = 2_000;

/** Transport only: the ports that editor windows open through externally_connectable. */
export class EditorPorts {
  private readonly windows = new Map<string, EditorWindow>();
  private readonly calls = new CallTracker<CallOutcome>('e');
  /** The latest report each registered window pushed, by its port: it goes with the port. */
  private readonly reports = new Map<chrome.runtime.Port, WindowReport>();
  /** Ports connected but not yet registered (their origin check and label still on the way). */
  private readonly joining = new Set<chrome.runtime.Port>();
  private joinedAll: (() => void)[] = [];

  /**
   * An editor window connected. A worker woken by that connection gets the host's waiting call at
   * once, before the window has registered: `whenJoined` lets the call wait for it.
   */
  connecting(port: chrome.runtime.Port): void {
    this.joining.add(port);
    // a window that never registers holds calls back once, not forever
    setTimeout(() => this.left(port), JOIN_WAIT_MS);
  }

  add(window: EditorWindow): void {
    this.windows.set(window.label, window);
    this.left(window.port);
  }

  /** The port registered, was refused or closed: it no longer holds calls back. */
  left(port: chrome.runtime.Port): void {
    if (!this.joining.delete(port) || this.joining.size > 0) return;
    const waiting = this.joinedAll;
    this.joinedAll = [];
    for (const resume of waiting) resume();
  }

  /** Resolves once every window that connected so far has registered or gone (at most JOIN_WAIT_MS after it connected). */
  whenJoined(): Promise<void> {
    if (this.joining.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.joinedAll.push(resolve));
  }

  /** A window's port closed: it leaves the list, and every call waiting on it ends now instead of at its timeout. */
  remove(port: chrome.runtime.Port): EditorWindow | undefined {
    this.left(port);
    this.reports.delete(port);
    const gone = this.list().find((w) => w.port === port);
    if (gone) this.windows.delete(gone.label);
    const name = gone ? `Editor window "${gone.label}"` : 'The editor window';
    this.calls.peerGone(port, (what) =>
      textFailure(
        `${name} closed while ${what} was running, so its effect is unknown. ` +
          'Call session.get_state for the open windows and tabs, read the document again, then retry.',
      ),
    );
    return gone;
  }

  /** A registered window pushed its report (the page pushes it before the answer of any call that changed it). */
  keepReport(port: chrome.runtime.Port, report: WindowReport): void {
    if (this.list().some((w) => w.port === port)) this.reports.set(port, report);
  }

  /** The window's latest pushed report; undefined until it pushed one (just registered, or a page that does not push). */
  reportOf(window: EditorWindow): WindowReport | undefined {
    return this.reports.get(window.port);
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
    this.calls.settle(message.id, message.outcome);
  }

  call(window: EditorWindow, request: Omit<CallRequest, 'id' | 'type'>): Promise<CallOutcome> {
    const timeoutMs = hopTimeoutMs('extensionToEditor');
    return this.calls.open(
      {
        what: `${request.tool}.${request.action}`,
        peer: window.port,
        timeoutMs,
        timedOut: (what) =>
          textFailure(
            `Editor window "${window.label}" did not answer ${what} within ${timeoutMs / 1000} s, so its effect is unknown; ` +
              'check that the window is still open and responsive, read the current state, then retry.',
          ),
        unsent: () => textFailure(`Editor window "${window.label}" closed; call session.get_state and retry.`),
      },
      (id) => window.port.postMessage({ type: 'call', id, ...request } satisfies ExtensionToEditor),
    );
  }
}
