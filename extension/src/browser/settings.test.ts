import { describe, expect, it, vi } from 'vitest';

// chrome.storage.local and its onChanged event are the boundary faked here: every set announces the change to
// every listener, as the browser does to every context of the extension; the cache is the real one
type Listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => void;
const listeners: Listener[] = [];
const stored: Record<string, unknown> = {};
let heldRead: Promise<void> | null = null;
const get = vi.fn(async (key: string) => {
  const value = structuredClone(stored[key]);
  await heldRead;
  return { [key]: value };
});
/** Another context (the popup) changing the settings. */
const setElsewhere = async (items: Record<string, unknown>) => {
  const changes = Object.fromEntries(Object.entries(items).map(([key, value]) => [key, { oldValue: stored[key], newValue: value }]));
  Object.assign(stored, structuredClone(items));
  for (const listener of listeners) listener(changes, 'local');
};
vi.stubGlobal('chrome', { storage: { local: { get, set: setElsewhere }, onChanged: { addListener: (l: Listener) => listeners.push(l) } } });

const { readSettings, settingsWriter, SETTINGS_KEY } = await import('./settings');

describe('readSettings', () => {
  it('session.get_state: reads storage once, then from memory until the settings change anywhere', async () => {
    stored[SETTINGS_KEY] = { enabled: true };
    expect((await readSettings()).enabled).toBe(true);
    expect((await readSettings()).enabled).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);

    await setElsewhere({ [SETTINGS_KEY]: { enabled: false } });
    expect((await readSettings()).enabled).toBe(false);
    await setElsewhere({ other: 1 });
    expect((await readSettings()).enabled).toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('a change that lands while storage is read is not hidden by that read', async () => {
    stored[SETTINGS_KEY] = { enabled: true };
    await setElsewhere({ [SETTINGS_KEY]: { enabled: true, posture: 'sandbox' } });
    let release: () => void = () => undefined;
    heldRead = new Promise((resolve) => (release = resolve));
    const reading = readSettings();
    await setElsewhere({ [SETTINGS_KEY]: { enabled: false } });
    heldRead = null;
    release();
    expect((await reading).enabled).toBe(true);
    expect((await readSettings()).enabled).toBe(false);
  });

  it('a form\'s change is stored in the event that made it (no read first: the popup may close right after the click), over changes made elsewhere, and seen by the next read', async () => {
    await setElsewhere({ [SETTINGS_KEY]: { enabled: true, posture: 'sandbox' } });
    const write = settingsWriter(await readSettings());
    await setElsewhere({ [SETTINGS_KEY]: { enabled: true, posture: 'sandbox', allowLoopback: true } });
    write({ posture: 'shared' });
    // nothing awaited: the set was issued before the handler returned
    expect(stored[SETTINGS_KEY]).toMatchObject({ posture: 'shared', allowLoopback: true, enabled: true });
    expect(await readSettings()).toMatchObject({ posture: 'shared', allowLoopback: true });
    write({ trustedInput: true });
    expect(await readSettings()).toMatchObject({ posture: 'shared', trustedInput: true });
  });

  it('a caller changing its copy does not change what the next caller reads', async () => {
    const first = await readSettings();
    first.enabled = !first.enabled;
    expect((await readSettings()).enabled).toBe(!first.enabled);
  });
});
