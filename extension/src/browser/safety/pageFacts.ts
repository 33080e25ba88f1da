import { neutraliseText } from '../../page/text/neutralise';
import { redactUrl } from '../../page/text/redactUrl';

/** Tab facts the browser itself reports, made safe to hand to the AI (they are still page-controlled). */
export function originOf(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export const MAX_TITLE_CHARS = 300;

export function safeTitle(title: string | undefined): string {
  return neutraliseText(title ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_CHARS);
}

export async function tabTitle(chromeTabId: number): Promise<string> {
  try {
    return safeTitle((await chrome.tabs.get(chromeTabId)).title);
  } catch {
    return '';
  }
}

export { redactUrl };
