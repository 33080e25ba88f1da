/**
 * Browser tab ids on the wire: "btab-" + the browser's own tab id. Distinct from editor tab ids
 * ("tab-…"), stable for the life of the tab, and parseable without any stored state.
 */
const PREFIX = 'btab-';

export function toBrowserTabId(chromeTabId: number): string {
  return `${PREFIX}${chromeTabId}`;
}

export function parseBrowserTabId(tabId: string): number | null {
  if (!tabId.startsWith(PREFIX)) return null;
  const digits = tabId.slice(PREFIX.length);
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}
