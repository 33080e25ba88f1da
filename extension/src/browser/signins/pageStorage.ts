/**
 * The localStorage of an AI tab's page, read and written in the ISOLATED world (same per-origin
 * storage as the page, none of its scripts), always addressed by document: a navigation in between
 * makes the injection fail instead of reaching another origin's storage.
 */
export interface PageDocument {
  documentId: string;
  origin: string;
  url: string;
}

type StorageRead = { origin: string; entries: [string, string][] } | { origin: string; error: string };

// Runs in the page (serialised by chrome.scripting): self-contained.
function readStorage(): StorageRead {
  try {
    const entries: [string, string][] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) entries.push([key, localStorage.getItem(key) ?? '']);
    }
    return { origin: self.origin, entries };
  } catch (error) {
    return { origin: self.origin, error: error instanceof Error ? error.message : String(error) };
  }
}

// Runs in the page: writes only into the origin the sign-in was saved from.
function writeStorage(origin: string, entries: [string, string][]): { ok: true } | { ok: false; error: string } {
  if (self.origin !== origin) return { ok: false, error: `the page is on ${self.origin}, not ${origin}` };
  try {
    localStorage.clear();
    for (const [key, value] of entries) localStorage.setItem(key, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function pageOrigin(): { origin: string; url: string } {
  return { origin: self.origin, url: location.href };
}

async function inject<A extends unknown[], R>(chromeTabId: number, documentId: string, func: (...args: A) => R, args: A): Promise<R> {
  const [frame] = await chrome.scripting.executeScript({ target: { tabId: chromeTabId, documentIds: [documentId] }, world: 'ISOLATED', func, args });
  if (!frame || frame.result === undefined || frame.result === null) throw new Error('the page did not answer');
  return frame.result as R;
}

/** The document in the tab's main frame now, with its committed origin (from inside the document). */
export async function currentDocument(chromeTabId: number): Promise<PageDocument | null> {
  const frame = await chrome.webNavigation.getFrame({ tabId: chromeTabId, frameId: 0 }).catch(() => null);
  if (!frame?.documentId) return null;
  const seen = await inject(chromeTabId, frame.documentId, pageOrigin, []).catch(() => null);
  return seen ? { documentId: frame.documentId, ...seen } : null;
}

export async function readPageStorage(chromeTabId: number, page: PageDocument): Promise<[string, string][]> {
  const read = await inject(chromeTabId, page.documentId, readStorage, []);
  if ('error' in read) throw new Error(`localStorage could not be read: ${read.error}`);
  if (read.origin !== page.origin) throw new Error('the page changed origin while it was read');
  return read.entries;
}

export async function writePageStorage(chromeTabId: number, page: PageDocument, entries: [string, string][]): Promise<void> {
  const written = await inject(chromeTabId, page.documentId, writeStorage, [page.origin, entries]);
  if (!written.ok) throw new Error(`localStorage could not be written: ${written.error}`);
}
