import { decide, onWindowRemoved, promptView, type PromptMessage } from './approvals/prompts';
import { listSiteGrants, revokeSiteGrant, type SitePermissionsMessage } from './approvals/sitePermissions';
import { onResponseStarted } from './navigation/answeringAddress';
import { onCookieChanged } from './profiles/profileSaving';
import { forgetRecording, onRecordedTabCommitted, onRecordMessage } from './recording/recordings';
import { onCommitted, onCompleted, onDomContentLoaded, onErrorOccurred, onSameDocumentNavigation } from './navigation/navigationEvents';
import { onBrowserDisabled } from './principalLifecycle';
import { SETTINGS_KEY, type BrowserSettings } from './settings';
import { syncNetworkRules } from './tabs/networkRules';
import { onWindowClosed, onWindowCreated } from './profiles/aiWindow';
import { onTabCreated, onTabRemoved, onTabReplaced } from './tabs/tabEvents';
import { releaseStaleGroups } from './tabs/tabGroup';
import { navigatedByPerson, PERSON_MESSAGE } from './workflows/personWatch';
import { onPersonTookOver, onRunTabRemoved, resumeRuns } from './workflows/runner';

function logged(task: Promise<unknown>): void {
  task.catch((error: unknown) => console.error('VMark browser:', error));
}

/** Every browser-module listener; registered at the top level of the worker, so events wake it. */
export function registerBrowserListeners(): void {
  chrome.webNavigation.onCommitted.addListener((d) => logged(onCommitted(d)));
  chrome.webNavigation.onCommitted.addListener((d) => logged(onRecordedTabCommitted(d)));
  // the person's own address bar, reload or back/forward hands a workflow run's tab back to them
  chrome.webNavigation.onCommitted.addListener((d) => {
    if (navigatedByPerson(d)) logged(onPersonTookOver(d.tabId));
  });
  chrome.webNavigation.onHistoryStateUpdated.addListener((d) => logged(onSameDocumentNavigation(d)));
  chrome.webNavigation.onReferenceFragmentUpdated.addListener((d) => logged(onSameDocumentNavigation(d)));
  chrome.webNavigation.onDOMContentLoaded.addListener((d) => logged(onDomContentLoaded(d)));
  chrome.webNavigation.onCompleted.addListener((d) => logged(onCompleted(d)));
  chrome.webNavigation.onErrorOccurred.addListener((d) => logged(onErrorOccurred(d)));
  // documents only: a listener for every subresource would wake the worker for each request of the person's tabs too
  const documents: chrome.webRequest.RequestFilter = { urls: ['<all_urls>'], types: ['main_frame', 'sub_frame'] };
  chrome.webRequest.onResponseStarted.addListener((d) => logged(onResponseStarted(d)), documents);
  chrome.webRequest.onBeforeRedirect.addListener((d) => logged(onResponseStarted({ ...d, type: 'other' })), documents);
  chrome.cookies.onChanged.addListener((change) => logged(onCookieChanged(change)));
  chrome.tabs.onCreated.addListener((tab) => logged(onTabCreated(tab)));
  chrome.tabs.onRemoved.addListener((tabId) => logged(onTabRemoved(tabId)));
  chrome.tabs.onRemoved.addListener((tabId) => logged(onRunTabRemoved(tabId)));
  chrome.tabs.onRemoved.addListener((tabId) => logged(forgetRecording(tabId)));
  chrome.runtime.onMessage.addListener(onRecordMessage);
  chrome.tabs.onReplaced.addListener((added, removed) => logged(onTabReplaced(added, removed)));
  chrome.windows.onRemoved.addListener((windowId) => logged(onWindowRemoved(windowId)));
  chrome.windows.onRemoved.addListener((windowId) => logged(onWindowClosed(windowId)));
  chrome.windows.onCreated.addListener((window) => logged(onWindowCreated(window)));
  chrome.runtime.onStartup.addListener(() => logged(releaseStaleGroups()));

  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'session' && changes.launch) logged(syncNetworkRules());
    const change = changes[SETTINGS_KEY];
    if (area !== 'local' || !change) return;
    const before = change.oldValue as Partial<BrowserSettings> | undefined;
    const after = change.newValue as Partial<BrowserSettings> | undefined;
    if (before?.enabled !== false && after?.enabled === false) logged(onBrowserDisabled());
    if (before?.allowLoopback !== after?.allowLoopback) logged(syncNetworkRules());
  });

  chrome.runtime.onMessage.addListener((message: SitePermissionsMessage, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL('permissions.html'))) return false;
    if (message?.type === 'vmark.grants.list') {
      void listSiteGrants().then(sendResponse);
      return true;
    }
    if (message?.type === 'vmark.grants.revoke') {
      void revokeSiteGrant(message.principalKey, message.origin, message.operation).then(sendResponse);
      return true;
    }
    return false;
  });
  chrome.runtime.onMessage.addListener((message: { type?: string } | undefined, sender) => {
    // the person's own input in a page a workflow runs on (workflows/personWatch.ts)
    if (sender.id === chrome.runtime.id && message?.type === PERSON_MESSAGE && sender.tab?.id !== undefined) logged(onPersonTookOver(sender.tab.id));
    return false;
  });
  // runs a stopped worker left behind go on (or end with the reason)
  logged(resumeRuns());
  chrome.runtime.onMessage.addListener((message: PromptMessage, sender, sendResponse) => {
    // Only the extension's own pages may answer a prompt.
    if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL('approval.html'))) return false;
    if (message?.type === 'vmark.prompt.get') {
      void promptView(message.id).then(sendResponse);
      return true;
    }
    if (message?.type === 'vmark.prompt.decide') {
      void decide(message.id, message.decision).then(sendResponse);
      return true;
    }
    return false;
  });
}
