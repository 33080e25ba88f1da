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

export async function readSettings(): Promise<BrowserSettings> {
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as Partial<BrowserSettings> | undefined;
  return { ...DEFAULT_SETTINGS, ...stored };
}

export async function writeSettings(change: Partial<BrowserSettings>): Promise<BrowserSettings> {
  const next = { ...(await readSettings()), ...change };
  await chrome.storage.local.set({ [SETTINGS_KEY]: next });
  return next;
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
