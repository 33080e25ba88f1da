import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_HOPS, type CallHop } from './callTimeouts';
import { CallTracker, type OpenCall } from './callTracker';

const call = (peer?: unknown, timeoutMs = 1_000): OpenCall<string> => ({
  what: 'document.read',
  peer,
  timeoutMs,
  timedOut: (what) => `timed out: ${what}`,
  unsent: (what) => `unsent: ${what}`,
});

describe('CallTracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers the answer sent under the id the request went out with, once', async () => {
    const tracker = new CallTracker<string>('t');
    let sentId = '';
    const answer = tracker.open(call(), (id) => {
      sentId = id;
    });
    expect(tracker.settle(sentId, 'done')).toBe(true);
    expect(tracker.settle(sentId, 'again')).toBe(false);
    await expect(answer).resolves.toBe('done');
    expect(tracker.size).toBe(0);
  });

  it('gives distinct ids to concurrent calls and routes each answer to its own waiter', async () => {
    const tracker = new CallTracker<string>('t');
    const ids: string[] = [];
    const first = tracker.open(call(), (id) => void ids.push(id));
    const second = tracker.open(call(), (id) => void ids.push(id));
    expect(new Set(ids).size).toBe(2);
    tracker.settle(ids[1] as string, 'b');
    tracker.settle(ids[0] as string, 'a');
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
  });

  it('answers with the timeout refusal when no answer comes, and ignores a late one', async () => {
    const tracker = new CallTracker<string>('t');
    let sentId = '';
    const answer = tracker.open(call(undefined, 500), (id) => {
      sentId = id;
    });
    vi.advanceTimersByTime(499);
    expect(tracker.size).toBe(1);
    vi.advanceTimersByTime(1);
    await expect(answer).resolves.toBe('timed out: document.read');
    expect(tracker.settle(sentId, 'late')).toBe(false);
  });

  it('answers at once when the request cannot be sent (send returns false or throws)', async () => {
    const tracker = new CallTracker<string>('t');
    await expect(tracker.open(call(), () => false)).resolves.toBe('unsent: document.read');
    await expect(
      tracker.open(call(), () => {
        throw new Error('port closed');
      }),
    ).resolves.toBe('unsent: document.read');
    expect(tracker.size).toBe(0);
  });

  it('ends only the calls waiting on a peer that went away, without waiting for their timeout', async () => {
    const tracker = new CallTracker<string>('t');
    const gone = { name: 'window a' };
    const stays = { name: 'window b' };
    const onGone = tracker.open(call(gone, 60_000), () => undefined);
    const onStays = tracker.open(call(stays, 60_000), () => undefined);
    expect(tracker.peerGone(gone, (what) => `gone: ${what}`)).toBe(1);
    await expect(onGone).resolves.toBe('gone: document.read');
    expect(tracker.size).toBe(1);
    expect(tracker.endAll((what) => `host gone: ${what}`)).toBe(1);
    await expect(onStays).resolves.toBe('host gone: document.read');
    // the ended calls' timers are cleared: nothing fires later
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('CALL_HOPS', () => {
  it('gives every hop less time than the hop it runs within, so the inner hop answers first', () => {
    const hops = Object.entries(CALL_HOPS) as [CallHop, (typeof CALL_HOPS)[CallHop]][];
    let checked = 0;
    for (const [name, hop] of hops) {
      if (hop.within === null) continue;
      const outer = CALL_HOPS[hop.within as CallHop];
      expect(outer, `${name} runs within an unknown hop`).toBeDefined();
      expect(hop.timeoutMs, `${name} must be shorter than ${hop.within}`).toBeLessThan(outer.timeoutMs);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('orders the whole path of a tool call from the AI down to the host services', () => {
    const chain: CallHop[] = ['bridgeToHost', 'hostToExtension', 'extensionToEditor', 'editorToHostService', 'extensionToHostService', 'hostActionlint'];
    for (let i = 1; i < chain.length; i++) expect(CALL_HOPS[chain[i] as CallHop].within).toBe(chain[i - 1]);
    const times = chain.map((hop) => CALL_HOPS[hop].timeoutMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
