import {
  CallTracker,
  EXTENSION_ID,
  hopTimeoutMs,
  unexpectedFailure,
  type CallOutcome,
  type CallRequest,
  type EditorToExtension,
  type ExtensionToEditor,
  type HostServiceOp,
  type WindowReport,
} from '@vmark/shared';
import { FsError } from '../fs/WorkspaceFS';
import { ReportPush } from './reportPush';

type Handler = (request: CallRequest) => Promise<CallOutcome>;
type ConnectionClosedListener = (connectionId: string) => void;
type ConnectionState = 'no-extension' | 'connecting' | 'connected';

const LABEL_KEY = 'vmark.windowLabel';
const RECONNECT_DELAY_MS = 50;
/** A port dropped before registering (e.g. this origin is not an editor server's): retry ever more slowly. */
const MAX_RECONNECT_DELAY_MS = 5_000;

interface ChromeRuntimeLike {
  connect(extensionId: string, info: { name: string }): chrome.runtime.Port;
}

function runtime(): ChromeRuntimeLike | null {
  const c = (globalThis as { chrome?: { runtime?: ChromeRuntimeLike } }).chrome;
  return typeof c?.runtime?.connect === 'function' ? c.runtime : null;
}

/** How often a window in use tells the extension so, at most (unless it got the focus back). */
const USED_REPORT_EVERY_MS = 1_000;

/**
 * This window's link to the VMark extension (externally_connectable). Reconnects whenever the port
 * drops — which is also what wakes a stopped extension worker. Without the extension the editor
 * works on its own and MCP is simply unavailable.
 */
export class ExtensionConnection {
  private port: chrome.runtime.Port | null = null;
  private readonly services = new CallTracker<{ ok: true; data: unknown } | { ok: false; error: FsError }>('svc');
  private reconnectDelay = RECONNECT_DELAY_MS;
  private usedReportedAt: number | null = null;
  private refocused = false;
  private listeners = new Set<() => void>();
  onConnectionClosed: ConnectionClosedListener = () => undefined;
  /** A call's answer was posted (or dropped with its port). */
  onAnswered: (call: CallRequest) => void = () => undefined;
  /** This window's report under its label; while unset, the extension asks for it on every call that needs it. */
  windowReport: ((label: string) => WindowReport) | null = null;
  private readonly reports = new ReportPush(
    () => (this.state === 'connected' && this.label !== null && this.windowReport ? this.windowReport(this.label) : null),
    (message) => this.post(message),
  );
  state: ConnectionState = runtime() ? 'connecting' : 'no-extension';
  label: string | null = sessionStorage.getItem(LABEL_KEY);

  constructor(private readonly handle: Handler) {
    if (typeof window === 'undefined') return;
    // a window that gets the focus back or a click may follow the use of another window
    window.addEventListener('focus', () => (this.refocused = true));
    window.addEventListener('pointerdown', () => (this.refocused = true), true);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  connect(): void {
    const rt = runtime();
    if (!rt) return;
    let port: chrome.runtime.Port;
    try {
      port = rt.connect(EXTENSION_ID, { name: 'vmark-editor' });
    } catch {
      this.state = 'no-extension';
      this.changed();
      return;
    }
    this.port = port;
    port.onMessage.addListener((message: ExtensionToEditor) => void this.receive(message, port));
    port.onDisconnect.addListener(() => {
      const wasRegistered = this.state === 'connected';
      this.port = null;
      this.state = 'connecting';
      this.changed();
      this.services.endAll((op) => ({ ok: false, error: new FsError('NO_HOST', `the VMark extension restarted during ${op}; retry`) }));
      const delay = wasRegistered ? RECONNECT_DELAY_MS : this.reconnectDelay;
      this.reconnectDelay = wasRegistered ? RECONNECT_DELAY_MS : Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
      setTimeout(() => this.connect(), delay);
    });
    this.post({ type: 'register', label: this.label });
  }

  private post(message: EditorToExtension): void {
    this.port?.postMessage(message);
  }

  /**
   * The person used this window (the extension routes calls without a target to the most recently
   * used one). While they keep typing, once a second is enough: a message per keystroke cost the
   * keystroke ~2 ms of IPC. A click, or the first use after the window got the focus back, is reported at once.
   */
  markUsed(): void {
    const now = performance.now();
    if (this.usedReportedAt !== null && now - this.usedReportedAt < USED_REPORT_EVERY_MS && !this.refocused) return;
    this.usedReportedAt = now;
    this.refocused = false;
    this.post({ type: 'used' });
  }

  /** Something in this window's report may have changed (the store changed): pushed once per microtask, if it did. */
  reportChanged(): void {
    this.reports.changed();
  }

  /** OS services of the host (native folders), through the extension. */
  async service(request: HostServiceOp): Promise<unknown> {
    const port = this.port;
    if (!port) throw new FsError('NO_HOST', 'the VMark extension is not connected');
    const timeoutMs = hopTimeoutMs('editorToHostService');
    const answer = await this.services.open(
      {
        what: request.op,
        timeoutMs,
        timedOut: (op) => ({ ok: false, error: new FsError('IO', `${op} timed out after ${timeoutMs / 1000} s`) }),
        unsent: () => ({ ok: false, error: new FsError('NO_HOST', 'the VMark extension is not connected') }),
      },
      (id) => port.postMessage({ type: 'service', id, request } satisfies EditorToExtension),
    );
    if (!answer.ok) throw answer.error;
    return answer.data;
  }

  private async receive(message: ExtensionToEditor, from: chrome.runtime.Port): Promise<void> {
    switch (message.type) {
      case 'registered':
        this.reconnectDelay = RECONNECT_DELAY_MS;
        this.label = message.label;
        sessionStorage.setItem(LABEL_KEY, message.label);
        this.state = 'connected';
        this.changed();
        this.reports.restart();
        return;
      case 'connectionClosed':
        this.onConnectionClosed(message.connectionId);
        return;
      case 'serviceResult':
        this.services.settle(message.id, message.ok ? { ok: true, data: message.data } : { ok: false, error: new FsError(toFsCode(message.code), message.message) });
        return;
      case 'call': {
        let outcome: CallOutcome;
        try {
          outcome = await this.handle(message);
        } catch (error) {
          console.error('VMark: unhandled error in', message.tool, message.action, error);
          outcome = unexpectedFailure(`${message.tool}.${message.action}`, error);
        }
        // only the worker that asked may hear the answer: a restarted worker numbers its calls from e1
        // again, so on the new port this answer would settle one of its calls that asked something else
        if (from === this.port) {
          // what the call changed reaches the extension before its answer does
          this.reports.flushPending();
          this.post({ type: 'result', id: message.id, outcome });
        }
        this.onAnswered(message);
        return;
      }
    }
  }
}

function toFsCode(code: string): FsError['code'] {
  const known: readonly string[] = ['NOT_FOUND', 'EXISTS', 'INVALID_PATH', 'NO_HOST', 'NOT_ALWAYS_READABLE'];
  return known.includes(code) ? (code as FsError['code']) : 'IO';
}
