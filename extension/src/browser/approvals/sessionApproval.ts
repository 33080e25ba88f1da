import type { CallOutcome } from '@vmark/shared';
import { refuse } from '../refusals';
import { updateBrowserState, type BrowserState, type Prompt, type SessionRecord, type SigninRequest } from '../state/browserState';
import { requestApproval } from './prompts';

/**
 * Operation `session` (session_save / session_load): approved per call, never a standing grant. The
 * person's "Allow this time" names one verb, one handle and the page's origin; the retried call of
 * exactly that verb, handle, tab and origin spends it. Another handle, the other verb or another
 * origin finds nothing and asks again.
 */
export interface SessionCall extends SigninRequest {
  session: SessionRecord;
  chromeTabId: number;
  origin: string;
  url: string;
  pageTitle: string;
}

export function grantSessionOnce(state: BrowserState, prompt: Prompt): void {
  if (!prompt.signin) return;
  state.sessionOnce.push({ sessionKey: prompt.sessionKey, chromeTabId: prompt.chromeTabId, origin: prompt.origin, ...prompt.signin });
}

/** Spends the matching one-time approval, or opens the prompt and refuses with NOT_GRANTED. Null: go ahead. */
export async function checkSessionApproval(call: SessionCall): Promise<CallOutcome | null> {
  const { session, chromeTabId, origin, verb, handle, replaces } = call;
  const granted = await updateBrowserState((state) => {
    const at = state.sessionOnce.findIndex(
      (o) => o.sessionKey === session.key && o.chromeTabId === chromeTabId && o.origin === origin && o.verb === verb && o.handle === handle && o.replaces === replaces,
    );
    if (at === -1) return false;
    state.sessionOnce.splice(at, 1);
    return true;
  });
  if (granted) return null;
  await requestApproval({ kind: 'session', session, chromeTabId, url: call.url, origin, pageTitle: call.pageTitle, signin: { verb, handle, replaces } });
  const what = verb === 'save' ? (replaces ? `Replacing the saved sign-in "${handle}"` : `Saving the sign-in of ${origin} as "${handle}"`) : `Loading the saved sign-in "${handle}" into ${origin}`;
  return refuse('NOT_GRANTED', `${what} needs the user's approval, every time. A prompt is open in the browser; once they allow it, retry the same browser.session_${verb}`, {
    handle,
    origin,
    needsApproval: true,
    approval: 'session',
    retry: { tool: 'browser', action: `session_${verb}` },
  });
}
