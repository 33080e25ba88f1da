import type { ExtensionToHost, HostToExtension } from '@vmark/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NativePort, type NativeLink } from './nativePort';

/** connectNative: a new port (a new `vmark host` process) for each connect, and what the worker posts on each. */
function fakeHosts() {
  const hosts: { posted: ExtensionToHost[]; deliver(m: HostToExtension): void; exit(): void }[] = [];
  vi.stubGlobal('chrome', {
    runtime: {
      lastError: undefined,
      connectNative: () => {
        let onMessage: (m: HostToExtension) => void = () => undefined;
        let onDisconnect: () => void = () => undefined;
        const posted: ExtensionToHost[] = [];
        hosts.push({ posted, deliver: (m) => onMessage(m), exit: () => onDisconnect() });
        return {
          postMessage: (m: ExtensionToHost) => void posted.push(m),
          onMessage: { addListener: (l: typeof onMessage) => void (onMessage = l) },
          onDisconnect: { addListener: (l: typeof onDisconnect) => void (onDisconnect = l) },
        };
      },
    },
  });
  return hosts;
}

const call = (id: string): HostToExtension => ({ type: 'call', id, tool: 'document', action: 'write', args: {}, principal: { connectionId: 'c', clientName: 'n' } });

describe('NativePort', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('answers a call only to the host that sent it: a successor host numbers its calls from h1 again', async () => {
    vi.useFakeTimers();
    const hosts = fakeHosts();
    const native = new NativePort();
    const received: { id: string; via: NativeLink }[] = [];
    native.onMessage((message, via) => {
      if (message.type === 'call') received.push({ id: message.id, via });
    });
    native.connect();
    hosts[0]!.deliver(call('h1'));
    // the host is killed while the call runs; the worker connects to the next one
    hosts[0]!.exit();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hosts).toHaveLength(2);
    hosts[1]!.deliver(call('h1'));
    const [old, current] = received as [(typeof received)[0], (typeof received)[0]];
    expect(native.reply(old.via, { type: 'result', id: old.id, outcome: { kind: 'ok', data: { applied: true } } })).toBe(false);
    expect(hosts[1]!.posted).toEqual([]);
    expect(native.reply(current.via, { type: 'result', id: current.id, outcome: { kind: 'ok', data: { content: 'read' } } })).toBe(true);
    expect(hosts[1]!.posted).toEqual([{ type: 'result', id: 'h1', outcome: { kind: 'ok', data: { content: 'read' } } }]);
  });
});
