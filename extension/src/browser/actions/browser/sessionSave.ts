import { browserTool, ok, type SigninSnapshot } from '@vmark/shared';
import { checkSigninApproval } from '../../approvals/operationGrants';
import { defineBrowserAction } from '../../defineBrowserAction';
import { hostSignins } from '../../signins/hostSignins';
import { originCookies } from '../../signins/originCookies';
import { readPageStorage } from '../../signins/pageStorage';
import { hostRefusal, signinTab } from '../../signins/signinTab';

/**
 * Snapshots the cookies and localStorage of the tab's committed origin into the OS keychain (via
 * `vmark host`) under `handle`, after the person's approval of this one save. Answers counts only.
 */
export const sessionSave = defineBrowserAction(browserTool, 'session_save', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const { handle } = args;
    const tab = await signinTab(ctx, 'save', handle);
    if ('kind' in tab) return tab;
    const { origin } = tab.page;
    try {
      const replaces = (await hostSignins.info(handle)) !== null;
      const pending = await checkSigninApproval(ctx.aiPrincipal, tab.aiTab, { verb: 'save', handle, replaces });
      if (pending) return pending;
      const snapshot: SigninSnapshot = { cookies: await originCookies(tab.storeId, origin), localStorage: await readPageStorage(tab.chromeTabId, tab.page) };
      const saved = await hostSignins.save(handle, origin, JSON.stringify(snapshot), replaces);
      return ok({ saved: true, handle, origin, cookies: saved.cookies, localStorageKeys: saved.storageKeys, replaced: replaces, tabId: tab.tabId });
    } catch (error) {
      return hostRefusal(error, handle);
    }
  },
});
