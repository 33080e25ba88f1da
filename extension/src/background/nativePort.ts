import { NATIVE_HOST_NAME, type ExtensionToHost, type HostToExtension } from '@vmark/shared';

/** One connection to a host process: a restarted host is a new link. */
export type NativeLink = chrome.runtime.Port;

type Listener = (message: HostToExtension, via: NativeLink) => void;

const RECONNECT_DELAY_MS = 1_000;

/**
 * Transport only: the connectNative port to `vmark host`, chunk reassembly (the host splits
 * messages over 1 MB) and reconnection. An open native port also keeps the worker alive.
 */
export class NativePort {
  private port: chrome.runtime.Port | null = null;
  private readonly chunks = new Map<string, string[]>();
  private listener: Listener = () => undefined;
  private readonly goneListeners: (() => void)[] = [];
  lastError: string | null = null;
  hostVersion: string | null = null;

  onMessage(listener: Listener): void {
    this.listener = listener;
  }

  /** Called each time the host goes away (it exited, or the browser closed the port). */
  onDisconnect(listener: () => void): void {
    this.goneListeners.push(listener);
  }

  get connected(): boolean {
    return this.port !== null;
  }

  connect(): void {
    if (this.port) return;
    let port: chrome.runtime.Port;
    try {
      port = chrome.runtime.connectNative(NATIVE_HOST_NAME);
    } catch (error) {
      this.lastError = (error as Error).message;
      setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
      return;
    }
    this.port = port;
    port.onMessage.addListener((message: HostToExtension) => this.receive(message, port));
    port.onDisconnect.addListener(() => {
      this.lastError = chrome.runtime.lastError?.message ?? 'the host exited';
      this.port = null;
      this.hostVersion = null;
      for (const listener of this.goneListeners) listener();
      setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
    });
  }

  send(message: ExtensionToHost): boolean {
    if (!this.port) return false;
    this.port.postMessage(message);
    return true;
  }

  /**
   * Answers the host that asked, over the link its request came on; false when that host has gone.
   * A successor host numbers its calls from h1 again: an answer meant for its predecessor would
   * settle one of its own calls, which asked something else.
   */
  reply(via: NativeLink, message: ExtensionToHost): boolean {
    return via === this.port && this.send(message);
  }

  private receive(message: HostToExtension, via: NativeLink): void {
    if (message.type === 'hostInfo') {
      this.hostVersion = message.version;
      this.lastError = null;
    }
    if (message.type !== 'chunk') return this.listener(message, via);
    const parts = this.chunks.get(message.chunkId) ?? new Array<string>(message.total);
    parts[message.seq] = message.data;
    this.chunks.set(message.chunkId, parts);
    if (parts.filter((p) => p !== undefined).length < message.total) return;
    this.chunks.delete(message.chunkId);
    const decoded = parts.map((part) => Uint8Array.from(atob(part), (c) => c.charCodeAt(0)));
    const bytes = new Uint8Array(decoded.reduce((n, d) => n + d.length, 0));
    let offset = 0;
    for (const d of decoded) {
      bytes.set(d, offset);
      offset += d.length;
    }
    this.listener(JSON.parse(new TextDecoder().decode(bytes)) as HostToExtension, via);
  }
}
