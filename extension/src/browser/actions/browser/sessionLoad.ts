import { browserTool, ok, type SigninSnapshot } from '@vmark/shared';
import { checkSigninApproval } from '../../approvals/operationGrants';
import { defineBrowserAction } from '../../defineBrowserAction';
import { navigateAiTab } from '../../navigation/navigateAiTab';
import { saveOpenProfile } from '../../profiles/profileSaving';
import { DEFAULT_NAVIGATION_TIMEOUT_MS, refuse } from '../../refusals';
import { hostSignins } from '../../signins/hostSignins';
import { restoreCookies } from '../../signins/originCookies';
import { writePageStorage } from '../../signins/pageStorage';
import { hostRefusal, signinTab } from '../../signins/signinTab';

/**
 * Restores a saved sign-in into the AI tab: its cookies into the tab's own store (a named profile
 * keeps them from then on), its localStorage
 * into the page (same origin only, by document), then reloads the page so its scripts start signed
 * in. After the person's approval of this one load; answers {loaded: true, handle}, never a value.
 */
export const sessionLoad = defineBrowserAction(browserTool, 'session_load', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const { handle } = args;
    const tab = await signinTab(ctx, 'load', handle);
    if ('kind' in tab) return tab;
    const { origin } = tab.page;
    try {
      const saved = await hostSignins.info(handle);
      if (saved === null) return refuse('SESSION_NOT_FOUND', `No sign-in is saved as "${handle}"; save one with browser.session_save first`, { handle });
      if (saved.origin !== origin) {
        return refuse('ORIGIN_MISMATCH', `"${handle}" was saved from ${saved.origin} and loads only onto a page of that origin; tab ${tab.tabId} is on ${origin}. Navigate it to ${saved.origin} first`, {
          handle,
          tabId: tab.tabId,
          origin,
          savedOrigin: saved.origin,
        });
      }
      const pending = await checkSigninApproval(ctx.aiPrincipal, tab.aiTab, { verb: 'load', handle, replaces: false });
      if (pending) return pending;
      const loaded = await hostSignins.load(handle);
      if (loaded.origin !== origin) throw new Error('the saved origin changed meanwhile');
      const snapshot = JSON.parse(loaded.snapshot) as SigninSnapshot;
      await restoreCookies(tab.storeId, snapshot.cookies);
      // into a named profile's tab: the profile keeps the sign-in from now on
      if (tab.aiTab.profile !== null) await saveOpenProfile();
      await writePageStorage(tab.chromeTabId, tab.page, snapshot.localStorage);
      await navigateAiTab(ctx.aiPrincipal.key, tab.chromeTabId, new URL(tab.page.url), DEFAULT_NAVIGATION_TIMEOUT_MS);
      return ok({ loaded: true, handle });
    } catch (error) {
      return hostRefusal(error, handle);
    }
  },
});
