/**
 * The person's browser settings (chrome.storage.local, so they survive restarts) and the launch
 * settings the host hands over (chrome.storage.session 'launch', written in background/main.ts).
 */
export type Posture = 'sandbox' | 'shared';

export interface BrowserSettings {
  /** Off: every browser and browser_read action fails with BROWSER_DISABLED. */
  enabled: boolean;
  posture: Posture;
  /** Lets AI tabs open loopback addresses (127.0.0.0/8, ::1, localhost); private ranges stay refused. */
  allowLoopback: boolean;
  /** act acts through chrome.debugger (trusted input) instead of synthetic DOM events. */
  trustedInput: boolean;
}

export const SETTINGS_KEY = 'browserSettings';
export const DEFAULT_SETTINGS: BrowserSettings = { enabled: true, posture: 'sandbox', allowLoopback: false, trustedInput: false };

/**
 * The settings as last read in this context, dropped on every change (`chrome.storage.onChanged` fires
 * in every context, the writer's too): session.get_state reads them on every call, and a storage read
 * is a round trip through the browser process, which the editor window's report crosses at the same time.
 */
let cached: Promise<BrowserSettings> | null = null;
/** Bumped on every change: a read that started before one is not kept. */
let changes = 0;
globalThis.chrome?.storage?.onChanged?.addListener((changed, area) => {
  if (area !== 'local' || !(SETTINGS_KEY in changed)) return;
  changes++;
  cached = null;
});

async function readStoredSettings(): Promise<BrowserSettings> {
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as Partial<BrowserSettings> | undefined;
  return { ...DEFAULT_SETTINGS, ...stored };
}

export async function readSettings(): Promise<BrowserSettings> {
  if (cached) return { ...(await cached) };
  const startedAt = changes;
  const reading = readStoredSettings();
  cached = reading;
  void reading.then(
    () => {
      if (changes !== startedAt && cached === reading) cached = null;
    },
    () => {
      if (cached === reading) cached = null;
    },
  );
  return { ...(await reading) };
}

/**
 * A settings form's writer: each change is stored with one `set` issued in the event that made it,
 * over the settings the page shows (`shown`, then kept current by `chrome.storage.onChanged`). Not a
 * read and then a write: the popup closes as soon as it loses focus, often right after the click,
 * and a write still waiting for its read then never happened.
 */
export function settingsWriter(shown: BrowserSettings): (change: Partial<BrowserSettings>) => void {
  let current = shown;
  chrome.storage.onChanged.addListener((changed, area) => {
    if (area === 'local' && SETTINGS_KEY in changed) current = { ...DEFAULT_SETTINGS, ...(changed[SETTINGS_KEY]?.newValue as Partial<BrowserSettings> | undefined) };
  });
  return (change) => {
    current = { ...current, ...change };
    void chrome.storage.local.set({ [SETTINGS_KEY]: current });
  };
}

/** Loopback is allowed by the setting or for this launch (`vmark mcp --headless --allow-loopback`). */
export async function loopbackAllowed(settings?: BrowserSettings): Promise<boolean> {
  const launch = (await chrome.storage.session.get('launch')).launch as { allowLoopback?: boolean } | undefined;
  return (settings ?? (await readSettings())).allowLoopback || launch?.allowLoopback === true;
}

/** Trusted input by the person's switch or for this launch (the user-data folders `vmark start` and `--headless` own). */
export async function trustedInputOn(settings?: BrowserSettings): Promise<boolean> {
  const launch = (await chrome.storage.session.get('launch')).launch as { trustedInput?: boolean } | undefined;
  return (settings ?? (await readSettings())).trustedInput || launch?.trustedInput === true;
}
