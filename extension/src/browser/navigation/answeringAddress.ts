import { aiTabIds } from '../state/aiTabCache';
import { updateBrowserState } from '../state/browserState';
import { loopbackAllowed } from '../settings';
import { syncNetworkRules } from '../tabs/networkRules';
import { redactUrl } from '../safety/pageFacts';
import { refusedAddressClass } from './resolvedAddresses';
import { runningTicket } from './tickets';
import { describeAddressClass } from '../safety/urlPolicy';

type ResponseDetails = Pick<chrome.webRequest.OnResponseStartedDetails, 'tabId' | 'type' | 'url' | 'ip'>;

/**
 * The last line against rebinding: the address a document response of an AI tab actually came from
 * (webRequest reports it; it cannot block in MV3, so this acts after the fact). A name that answered
 * from a loopback (unless allowed), private, link-local or metadata address is blocked for every AI
 * tab from then on (a redirect hop too: its handler passes type 'other'); a main-frame page from
 * there fails its ticket and is replaced by a blank page before the AI can read it. This covers what the earlier checks cannot see: a name that changed its
 * answer after our lookup, and names first reached by a redirect or in a frame.
 */
export async function onResponseStarted(details: ResponseDetails): Promise<void> {
  if (details.tabId < 0 || !details.ip || !(await aiTabIds()).has(details.tabId)) return;
  const addressClass = refusedAddressClass(details.ip, await loopbackAllowed());
  if (addressClass === null) return;
  const hostname = new URL(details.url).hostname;
  const mainFrame = details.type === 'main_frame';
  const error = `net::ERR_BLOCKED_BY_CLIENT (${hostname} answered from ${details.ip}: AI tabs never open ${describeAddressClass(addressClass)})`;
  const stillAiTab = await updateBrowserState((state) => {
    if (!state.answeredFromRefused.some((entry) => entry.hostname === hostname)) state.answeredFromRefused.push({ hostname, addressClass });
    const tab = state.aiTabs[String(details.tabId)];
    const ticket = tab && runningTicket(tab);
    if (mainFrame && tab && ticket) {
      ticket.state = 'settled';
      ticket.result = { outcome: 'failed', url: redactUrl(details.url), title: '', generation: tab.generation, error };
    }
    return tab !== undefined;
  });
  await syncNetworkRules();
  if (mainFrame && stillAiTab) await chrome.tabs.update(details.tabId, { url: 'about:blank' }).catch(() => undefined);
}
