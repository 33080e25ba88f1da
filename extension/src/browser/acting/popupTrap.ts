/**
 * Catches the windows a page tries to open while an act runs: window.open in the MAIN world of the
 * page and of its frames (act reaches into same-origin frames) is replaced for the act (it records the URL and returns null), and a tab the AI tab opens anyway
 * (a target=_blank link) is closed again. The answer says what the page wanted: popup: {url}.
 */
import { redactUrl } from '../safety/pageFacts';

// MAIN world, self-contained (serialised by chrome.scripting).
function arm(): void {
  const holder = window as unknown as { __vmarkOpenTrap?: { original: typeof window.open; url: string | null } };
  if (holder.__vmarkOpenTrap) return;
  const trap = { original: window.open, url: null as string | null };
  holder.__vmarkOpenTrap = trap;
  window.open = function (url?: string | URL) {
    try {
      trap.url = new URL(String(url ?? ''), location.href).href;
    } catch {
      trap.url = String(url);
    }
    return null;
  };
}

function disarm(): string | null {
  const holder = window as unknown as { __vmarkOpenTrap?: { original: typeof window.open; url: string | null } };
  const trap = holder.__vmarkOpenTrap;
  if (!trap) return null;
  window.open = trap.original;
  delete holder.__vmarkOpenTrap;
  return trap.url;
}

/** Runs `func` in every frame's MAIN world (the main frame's alone if that fails); the first non-null answer. */
async function inMainWorlds<T>(chromeTabId: number, func: () => T): Promise<T | null> {
  for (const target of [{ tabId: chromeTabId, allFrames: true }, { tabId: chromeTabId, frameIds: [0] }]) {
    try {
      const frames = await chrome.scripting.executeScript({ target, world: 'MAIN', func });
      return frames.map((frame) => frame.result as T | null | undefined).find((result) => result !== null && result !== undefined) ?? null;
    } catch {
      // next target
    }
  }
  return null;
}

export interface PopupWatch {
  /** Stops watching; the URL the page tried to open, if any (redacted). */
  finish(): Promise<string | null>;
}

export async function watchPopups(chromeTabId: number): Promise<PopupWatch> {
  let opened: string | null = null;
  const onCreated = (tab: chrome.tabs.Tab): void => {
    if (tab.openerTabId !== chromeTabId || tab.id === undefined) return;
    opened = tab.pendingUrl ?? tab.url ?? 'about:blank';
    void chrome.tabs.remove(tab.id).catch(() => undefined);
  };
  chrome.tabs.onCreated.addListener(onCreated);
  await inMainWorlds(chromeTabId, arm);
  return {
    async finish() {
      // a tab opened by the act's last event may still be on its way
      await new Promise((resolve) => setTimeout(resolve, 50));
      chrome.tabs.onCreated.removeListener(onCreated);
      const trapped = await inMainWorlds(chromeTabId, disarm);
      const url = trapped ?? opened;
      return url === null ? null : redactUrl(url);
    },
  };
}
