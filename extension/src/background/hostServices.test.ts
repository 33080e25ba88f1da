import type { ExtensionToHost, HostServiceOp } from '@vmark/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostServices } from './hostServices';
import type { NativePort } from './nativePort';

/** The native port to `vmark host`: what the worker sends, and the host going away. */
function fakeNative(connected = true) {
  const sent: ExtensionToHost[] = [];
  const gone: (() => void)[] = [];
  const native = {
    send: (m: ExtensionToHost) => (connected ? (sent.push(m), true) : false),
    onDisconnect: (listener: () => void) => void gone.push(listener),
  } as unknown as NativePort;
  return { native, sent, disconnect: () => gone.forEach((l) => l()) };
}

const idOf = (m: ExtensionToHost | undefined): string => (m as { id: string }).id;

describe('HostServices', () => {
  afterEach(() => vi.useRealTimers());

  it('passes an editor\'s answer back under the editor\'s own id', async () => {
    const { native, sent } = fakeNative();
    const services = new HostServices(native);
    const posted: unknown[] = [];
    services.forEditor({ postMessage: (m: unknown) => posted.push(m) } as unknown as chrome.runtime.Port, 'svc7', { op: 'roots.list' });
    services.settle({ type: 'serviceResult', id: idOf(sent[0]), ok: true, data: ['/w'] });
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'serviceResult', id: 'svc7', ok: true, data: ['/w'] }]));
  });

  it('ends the worker\'s and the editors\' requests at once when the host goes away', async () => {
    const { native, disconnect } = fakeNative();
    const services = new HostServices(native);
    const posted: unknown[] = [];
    services.forEditor({ postMessage: (m: unknown) => posted.push(m) } as unknown as chrome.runtime.Port, 'svc1', { op: 'fs.list', path: '/w' });
    const own = services.call({ op: 'editor.origins' });
    disconnect();
    await expect(own).rejects.toThrow(/The VMark host went away during editor\.origins; retry once it is back/);
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'serviceResult', id: 'svc1', ok: false, code: 'NO_HOST', message: expect.stringContaining('went away during fs.list') }]));
  });

  it('answers the editor before the editor\'s own wait ends when the host is silent', async () => {
    vi.useFakeTimers();
    const { native } = fakeNative();
    const services = new HostServices(native);
    const posted: unknown[] = [];
    services.forEditor({ postMessage: (m: unknown) => posted.push(m) } as unknown as chrome.runtime.Port, 'svc1', { op: 'fs.list', path: '/w' });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(posted).toEqual([{ type: 'serviceResult', id: 'svc1', ok: false, code: 'NO_HOST', message: expect.stringContaining('did not answer fs.list within 25 s') }]);
  });

  it('refuses at once without a host', async () => {
    const { native } = fakeNative(false);
    await expect(new HostServices(native).call({ op: 'editor.origins' })).rejects.toThrow('The VMark host is not connected.');
  });

  it('passes the Coherence panel service on for an editor page but never asks it for the worker itself', async () => {
    const { native, sent } = fakeNative();
    const services = new HostServices(native);
    const panel: HostServiceOp = { op: 'coherence.panel', root: '/w', method: 'panel', args: [] };
    services.forEditor({ postMessage: () => undefined } as unknown as chrome.runtime.Port, 'svc1', panel);
    expect(sent).toEqual([expect.objectContaining({ type: 'service', request: panel })]);
    await expect(services.call(panel)).rejects.toThrow(/FORBIDDEN: coherence.panel is served to editor pages only/);
    expect(sent).toHaveLength(1);
  });
});
