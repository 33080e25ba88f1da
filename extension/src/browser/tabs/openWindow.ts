/** The browser window with this id, or null when there is none (closed, or never was). */
export async function openWindow(windowId: number | null): Promise<chrome.windows.Window | null> {
  if (windowId === null) return null;
  return chrome.windows.get(windowId).catch(() => null);
}
