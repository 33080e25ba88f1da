import { textFailure, type CallOutcome } from '@vmark/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorPorts, JOIN_WAIT_MS, type EditorWindow } from './editorPorts';

/** An editor window's runtime port: records what the worker posts to it. */
function fakeWindow(label: string, postMessage: (m: unknown) => void = () => undefined): EditorWindow & { posted: { id: string }[] } {
  const posted: { id: string }[] = [];
  const port = { postMessage: (m: { id: string }) => (postMessage(m), posted.push(m)) } as unknown as chrome.runtime.Port;
  return { label, port, browserTabId: 1, browserWindowId: 1, posted };
}

const request = { tool: 'document', action: 'write', args: {}, principal: { connectionId: 'c', clientName: 'n' } };

describe('EditorPorts', () => {
  afterEach(() => vi.useRealTimers());

  it('routes each window\'s answer to its call', async () => {
    const ports = new EditorPorts();
    const window = fakeWindow('main');
    ports.add(window);
    const answer = ports.call(window, request);
    ports.settle({ type: 'result', id: window.posted[0]?.id as string, outcome: textFailure('done') });
    await expect(answer).resolves.toEqual(textFailure('done'));
  });

  it('ends the calls waiting on a window the moment it closes, and only those', async () => {
    vi.useFakeTimers();
    const ports = new EditorPorts();
    const closing = fakeWindow('main');
    const staying = fakeWindow('w2');
    ports.add(closing);
    ports.add(staying);
    let ended: CallOutcome | null = null;
    void ports.call(closing, request).then((o) => (ended = o));
    const other = ports.call(staying, request);
    expect(ports.remove(closing.port)?.label).toBe('main');
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toEqual({ kind: 'text', text: expect.stringMatching(/^Editor window "main" closed while document\.write was running, so its effect is unknown\. Call session\.get_state/) });
    expect(ports.labels()).toEqual(new Set(['w2']));
    ports.settle({ type: 'result', id: staying.posted[0]?.id as string, outcome: textFailure('still here') });
    await expect(other).resolves.toEqual(textFailure('still here'));
  });

  it('answers a window that never answers after the editor hop\'s timeout, saying what to check', async () => {
    vi.useFakeTimers();
    const ports = new EditorPorts();
    const window = fakeWindow('main');
    ports.add(window);
    const answer = ports.call(window, request);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(answer).resolves.toEqual({ kind: 'text', text: expect.stringContaining('did not answer document.write within 60 s') });
  });

  it('answers at once when the window\'s port is already closed', async () => {
    const ports = new EditorPorts();
    const window = fakeWindow('main', () => {
      throw new Error('Attempting to use a disconnected port object');
    });
    await expect(ports.call(window, request)).resolves.toEqual(textFailure('Editor window "main" closed; call session.get_state and retry.'));
  });

  it('holds a call back until a window that connected has registered, so a worker woken by that window sees it', async () => {
    vi.useFakeTimers();
    const ports = new EditorPorts();
    const window = fakeWindow('main');
    ports.connecting(window.port);
    let seen: string[] | null = null;
    void ports.whenJoined().then(() => (seen = [...ports.labels()]));
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toBeNull();
    ports.add(window);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['main']);
  });

  it('lets calls go on when a connected window is refused, closes, or never registers', async () => {
    vi.useFakeTimers();
    const ports = new EditorPorts();
    const refused = fakeWindow('a');
    const closed = fakeWindow('b');
    const silent = fakeWindow('c');
    ports.connecting(refused.port);
    ports.connecting(closed.port);
    ports.connecting(silent.port);
    let resumed = false;
    void ports.whenJoined().then(() => (resumed = true));
    ports.left(refused.port);
    ports.remove(closed.port);
    await vi.advanceTimersByTimeAsync(JOIN_WAIT_MS - 1);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resumed).toBe(true);
    await expect(ports.whenJoined()).resolves.toBeUndefined();
  });
});
