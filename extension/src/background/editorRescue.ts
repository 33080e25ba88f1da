/**
 * When the browser is started with the editor's URL (as `vmark mcp --headless` does), Chromium can
 * hold that first navigation while it loads an extension with declarativeNetRequest, and never
 * resume it: the tab stays at an empty URL with the editor as `pendingUrl` and status "complete".
 * The worker re-issues such a navigation once it runs. Only loopback pages (the editor's origins)
 * in exactly that state are touched.
 */
const EDITOR_ORIGINS = ['http://127.0.0.1/', 'http://localhost/'];
const CHECK_AFTER_MS = [1_000, 3_000, 6_000];

function isStuckEditorNavigation(tab: chrome.tabs.Tab): boolean {
  const pending = tab.pendingUrl ?? '';
  return tab.status === 'complete' && !tab.url && EDITOR_ORIGINS.some((origin) => pending.startsWith(origin.slice(0, -1)));
}

async function resumeStuckNavigations(): Promise<void> {
  for (const tab of await chrome.tabs.query({})) {
    if (tab.id !== undefined && isStuckEditorNavigation(tab)) await chrome.tabs.update(tab.id, { url: tab.pendingUrl! }).catch(() => undefined);
  }
}

export function rescueStuckEditors(): void {
  for (const ms of CHECK_AFTER_MS) setTimeout(() => void resumeStuckNavigations().catch(() => undefined), ms);
}
