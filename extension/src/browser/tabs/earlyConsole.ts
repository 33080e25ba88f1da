import type { BrowserState } from '../state/browserState';

const GATE_ID = 'vmark-console-1-gate';
const EARLY_SHIM_ID = 'vmark-console-2-early';

/**
 * The early console shim: registered content scripts run before a document's first script, which
 * an injection at commit cannot promise. Registered scripts cannot be limited to tabs, so they run
 * only while the Sandbox has incognito to itself (every incognito tab is then in the Sandbox
 * window): an ISOLATED gate marks incognito documents, and the MAIN shim installs itself dormant in
 * marked ones only; the injection at commit wakes it in AI tabs. Elsewhere the two do nothing.
 */
export async function syncEarlyConsole(state: BrowserState): Promise<void> {
  const wanted = !state.incognitoShared && Object.values(state.aiTabs).some((tab) => tab.incognito);
  const registered = (await chrome.scripting.getRegisteredContentScripts({ ids: [GATE_ID, EARLY_SHIM_ID] })).map((s) => s.id);
  if (wanted && registered.length < 2) {
    if (registered.length > 0) await chrome.scripting.unregisterContentScripts({ ids: registered });
    // Same runAt: Chromium runs them in the order of their ids (seen on 156), so the gate marks before the shim looks.
    await chrome.scripting.registerContentScripts([
      { id: GATE_ID, js: ['consoleGate.js'], matches: ['http://*/*', 'https://*/*'], runAt: 'document_start', world: 'ISOLATED', persistAcrossSessions: false },
      { id: EARLY_SHIM_ID, js: ['consoleShimEarly.js'], matches: ['http://*/*', 'https://*/*'], runAt: 'document_start', world: 'MAIN', persistAcrossSessions: false },
    ]);
  } else if (!wanted && registered.length > 0) {
    await chrome.scripting.unregisterContentScripts({ ids: registered });
  }
}
