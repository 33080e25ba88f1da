/**
 * A run stops the moment the person takes over its tab. A small listener in the page's ISOLATED
 * world reports the person's own input: trusted events only, so the run's synthetic clicks and
 * typing never count. It is installed before every step (a navigation starts a new document).
 */
export const PERSON_MESSAGE = 'vmark.workflow.person';

// Runs in the page (serialised by chrome.scripting): self-contained.
function installWatch(type: string): void {
  const holder = globalThis as unknown as Record<string, unknown>;
  if (holder.__vmarkPersonWatch) return;
  holder.__vmarkPersonWatch = true;
  const report = (event: Event): void => {
    if (!event.isTrusted) return;
    void chrome.runtime.sendMessage({ type, event: event.type }).catch(() => undefined);
  };
  for (const name of ['pointerdown', 'keydown', 'wheel']) window.addEventListener(name, report, { capture: true, passive: true });
}

export async function watchForPerson(chromeTabId: number): Promise<void> {
  await chrome.scripting
    .executeScript({ target: { tabId: chromeTabId, frameIds: [0] }, world: 'ISOLATED', func: installWatch, args: [PERSON_MESSAGE] })
    .catch(() => undefined);
}

const PERSON_TRANSITIONS: ReadonlySet<string> = new Set(['typed', 'auto_bookmark', 'generated', 'reload', 'keyword']);

/** A main-frame navigation the person made from the browser's own controls (address bar, reload, back/forward). */
export function navigatedByPerson(details: { frameId: number; transitionType: string; transitionQualifiers: string[] }): boolean {
  if (details.frameId !== 0) return false;
  return PERSON_TRANSITIONS.has(details.transitionType) || details.transitionQualifiers.some((q) => q === 'from_address_bar' || q === 'forward_back');
}
