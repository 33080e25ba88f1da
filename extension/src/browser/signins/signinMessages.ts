import type { ProfileJarInfo, SigninInfo } from '@vmark/shared';
import { forgetProfile } from '../profiles/profileWindow';
import { savedProfiles } from '../profiles/savedCookies';
import { hostSignins } from './hostSignins';

/**
 * The popup's questions about what the host keeps in the keychain: saved sign-ins and named
 * profiles, each listed (never a value) and forgotten. Only the worker reaches the host.
 */
export type SigninMessage =
  | { type: 'vmark.signins.list' }
  | { type: 'vmark.signins.forget'; handle: string }
  | { type: 'vmark.profiles.list' }
  | { type: 'vmark.profiles.forget'; name: string };

export type SigninListAnswer = { ok: true; signins: SigninInfo[] } | { ok: false; message: string };
export type ProfileListAnswer = { ok: true; profiles: ProfileJarInfo[] } | { ok: false; message: string };

function fromPopup(sender: chrome.runtime.MessageSender): boolean {
  return sender.id === chrome.runtime.id && (sender.url?.startsWith(chrome.runtime.getURL('popup.html')) ?? false);
}

const failed = (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error) });

export function onSigninMessage(message: SigninMessage, sender: chrome.runtime.MessageSender, sendResponse: (answer: SigninListAnswer | ProfileListAnswer | boolean) => void): boolean {
  if (!fromPopup(sender)) return false;
  switch (message?.type) {
    case 'vmark.signins.list':
      hostSignins.list().then((signins) => sendResponse({ ok: true, signins }), (error: unknown) => sendResponse(failed(error)));
      return true;
    case 'vmark.signins.forget':
      hostSignins.forget(message.handle).then(sendResponse, () => sendResponse(false));
      return true;
    case 'vmark.profiles.list':
      savedProfiles().then((profiles) => sendResponse({ ok: true, profiles }), (error: unknown) => sendResponse(failed(error)));
      return true;
    case 'vmark.profiles.forget':
      forgetProfile(message.name).then(() => sendResponse(true), () => sendResponse(false));
      return true;
    default:
      return false;
  }
}
