import { browserTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { refuse } from '../../refusals';
import { updateBrowserState } from '../../state/browserState';
import { syncNetworkRules } from '../../tabs/networkRules';
import { isOutcome, resolveAiTab } from '../../resolveTarget';
import { forgetTab } from '../../tabs/tabEvents';

const TEARDOWN_CHECKS = 5;
const TEARDOWN_CHECK_INTERVAL_MS = 100;

async function tabIsGone(chromeTabId: number): Promise<boolean> {
  for (let attempt = 0; attempt < TEARDOWN_CHECKS; attempt++) {
    const exists = await chrome.tabs.get(chromeTabId).then(() => true, () => false);
    if (!exists) return true;
    await new Promise((resolve) => setTimeout(resolve, TEARDOWN_CHECK_INTERVAL_MS));
  }
  return false;
}

/** Never needs approval: stopping is always allowed. The entry goes first, so a failed teardown is not retried. */
export const close = defineBrowserAction(browserTool, 'close', {
  needs: 'none',
  async run(ctx, args) {
    const target = await resolveAiTab(ctx.aiPrincipal, args.tabId);
    if (isOutcome(target)) return target;
    if (target.kind !== 'ai') throw new Error('resolveAiTab returns AI tabs only');
    const { chromeTabId, tabId } = target;
    const popups = await updateBrowserState((state) => forgetTab(state, chromeTabId));
    for (const windowId of popups) void chrome.windows.remove(windowId).catch(() => undefined);
    await syncNetworkRules();
    await chrome.tabs.remove(chromeTabId).catch(() => undefined);
    if (!(await tabIsGone(chromeTabId))) {
      return refuse('TAB_TEARDOWN_FAILED', `Tab ${tabId} is no longer yours, but the browser did not confirm that it closed; do not retry, tell the user it may still be open`, {
        tabId,
        closed: false,
        destroyed: false,
      });
    }
    return ok({ tabId, closed: true, destroyed: true });
  },
});
