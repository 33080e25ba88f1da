import { textFailure, type CallOutcome } from '@vmark/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorPorts, type EditorWindow } from './editorPorts';

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
});
