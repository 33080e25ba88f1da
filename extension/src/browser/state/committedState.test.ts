import { describe, expect, it, vi } from 'vitest';

// chrome.storage.session is the boundary faked here; updateBrowserState and the cache are real
const stored: Record<string, unknown> = {};
const get = vi.fn(async (key: string) => ({ [key]: structuredClone(stored[key]) }));
const set = vi.fn(async (items: Record<string, unknown>) => {
  Object.assign(stored, structuredClone(items));
});
vi.stubGlobal('chrome', { storage: { session: { get, set } } });

const { updateBrowserState } = await import('./browserState');
const { committedBrowserState } = await import('./committedState');

describe('committedBrowserState', () => {
  it('reads storage once, then answers from memory and follows every committed update', async () => {
    stored.browser = { hostPid: 41 };
    expect((await committedBrowserState()).hostPid).toBe(41);
    expect((await committedBrowserState()).hostPid).toBe(41);
    expect(get).toHaveBeenCalledTimes(1);

    await updateBrowserState((state) => {
      state.hostPid = 42;
    });
    const readsByTheUpdate = get.mock.calls.length;
    expect((await committedBrowserState()).hostPid).toBe(42);
    expect(get).toHaveBeenCalledTimes(readsByTheUpdate);
    expect((stored.browser as { hostPid: number }).hostPid).toBe(42);
  });
});
