import { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from '@vmark/shared/lib/cjk/index';

/** Person-owned settings, kept per origin. Only the person changes them (the settings page). */
export interface Settings {
  /** Integrations: "auto-approve save to new location and Genie results" — off by default. */
  autoApproveNewLocation: boolean;
  autosave: boolean;
  /** Rendering: load images from other sites (they learn that the document was opened) — off by default. */
  remoteImages: boolean;
}

export const DEFAULT_SETTINGS: Settings = { autoApproveNewLocation: false, autosave: false, remoteImages: false };

/** Fired on `window` when the person changes a setting, so open views can follow. */
export const SETTINGS_CHANGED = 'vmark:settings-changed';

/** Stored values over the defaults; an unreadable entry gives the defaults. */
function load<T extends object>(key: string, defaults: T): T {
  try {
    return { ...defaults, ...(JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<T>) };
  } catch {
    return defaults;
  }
}

const store = (key: string, value: object): void => localStorage.setItem(key, JSON.stringify(value));

export const loadSettings = (): Settings => load('vmark.settings', DEFAULT_SETTINGS);
export const saveSettings = (settings: Settings): void => {
  store('vmark.settings', settings);
  window.dispatchEvent(new Event(SETTINGS_CHANGED));
};

/** The CJK formatting rules that document.transform cjk-format applies (Settings → CJK). */
export const loadCjkSettings = (): CjkFormatSettings => load('vmark.cjkFormat', DEFAULT_CJK_FORMAT_SETTINGS);
export const saveCjkSettings = (settings: CjkFormatSettings): void => store('vmark.cjkFormat', settings);
