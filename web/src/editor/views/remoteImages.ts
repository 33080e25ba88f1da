import { loadSettings, SETTINGS_CHANGED } from '../../state/settings';

/** `http:`, `https:` or scheme-relative `//host/…`: an image another site serves. */
export function isRemoteUrl(src: string): boolean {
  return /^(https?:)?\/\//i.test(src.trim());
}

export const remoteImagesAllowed = (): boolean => loadSettings().remoteImages;

export const REMOTE_IMAGE_BLOCKED = 'Remote image not loaded: switch on "Load remote images" in Settings (Ctrl+,)';

/** Calls `changed` whenever a setting changes; returns the unsubscribe. */
export function onSettingsChanged(changed: () => void): () => void {
  window.addEventListener(SETTINGS_CHANGED, changed);
  return () => window.removeEventListener(SETTINGS_CHANGED, changed);
}
