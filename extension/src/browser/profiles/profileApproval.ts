import type { CallOutcome } from '@vmark/shared';
import { requestApproval } from '../approvals/prompts';
import { redactUrl } from '../safety/pageFacts';
import { refuse } from '../refusals';
import { updateBrowserState, type AiPrincipal } from '../state/browserState';

/** No tab exists yet when a profile is asked for: its prompt is bound to none. */
const NO_TAB = -1;

/**
 * Opening a named profile needs the person's approval every time: spends a one-time grant, or
 * opens the prompt and refuses with NOT_GRANTED (retry the same open). Null when it may go ahead.
 */
export async function checkProfileApproval(aiPrincipal: AiPrincipal, profile: string, url: URL): Promise<CallOutcome | null> {
  const granted = await updateBrowserState((state) => {
    const once = state.profileOnce.findIndex((o) => o.principalKey === aiPrincipal.key && o.profile === profile);
    if (once === -1) return false;
    state.profileOnce.splice(once, 1);
    return true;
  });
  if (granted) return null;
  await requestApproval({ kind: 'profile', aiPrincipal, chromeTabId: NO_TAB, url: redactUrl(url.href), origin: profile, pageTitle: '' });
  return refuse('NOT_GRANTED', `Opening the saved sign-ins "${profile}" needs the user's approval, every time. A prompt is open in the browser; once they allow it, retry the same browser.open`, {
    profile,
    needsApproval: true,
    approval: 'profile',
    retry: { tool: 'browser', action: 'open' },
  });
}
