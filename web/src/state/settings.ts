import { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from '@vmark/shared/lib/cjk/index';

/** Person-owned settings, kept per origin. Only the person changes them (the settings page). */
export interface Settings {
  /** Integrations: "auto-approve save to new location and Genie results" — off by default. */
  autoApproveNewLocation: boolean;
  autosave: boolean;
}

const KEY = 'vmark.settings';
export const DEFAULT_SETTINGS: Settings = { autoApproveNewLocation: false, autosave: false };

export function loadSettings(): Settings {
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>) };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: Settings): void {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

const CJK_KEY = 'vmark.cjkFormat';

/** The CJK formatting rules that document.transform cjk-format applies (Settings → CJK). */
export function loadCjkSettings(): CjkFormatSettings {
  try {
    return { ...DEFAULT_CJK_FORMAT_SETTINGS, ...(JSON.parse(localStorage.getItem(CJK_KEY) ?? '{}') as Partial<CjkFormatSettings>) };
  } catch {
    return DEFAULT_CJK_FORMAT_SETTINGS;
  }
}

export function saveCjkSettings(settings: CjkFormatSettings): void {
  localStorage.setItem(CJK_KEY, JSON.stringify(settings));
}
