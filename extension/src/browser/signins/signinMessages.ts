import type { SigninInfo } from '@vmark/shared';
import { hostSignins } from './hostSignins';

/** The popup's questions about saved sign-ins: the list (never a value) and Forget. */
export type SigninMessage = { type: 'vmark.signins.list' } | { type: 'vmark.signins.forget'; handle: string };

export type SigninListAnswer = { ok: true; signins: SigninInfo[] } | { ok: false; message: string };

function fromPopup(sender: chrome.runtime.MessageSender): boolean {
  return sender.id === chrome.runtime.id && (sender.url?.startsWith(chrome.runtime.getURL('popup.html')) ?? false);
}

export function onSigninMessage(message: SigninMessage, sender: chrome.runtime.MessageSender, sendResponse: (answer: SigninListAnswer | boolean) => void): boolean {
  if (!fromPopup(sender)) return false;
  if (message?.type === 'vmark.signins.list') {
    hostSignins.list().then(
      (signins) => sendResponse({ ok: true, signins }),
      (error: unknown) => sendResponse({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
    return true;
  }
  if (message?.type === 'vmark.signins.forget') {
    hostSignins.forget(message.handle).then(sendResponse, () => sendResponse(false));
    return true;
  }
  return false;
}
