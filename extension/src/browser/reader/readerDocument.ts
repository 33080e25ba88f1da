import { extractFrom, type ExtractResult } from '../../page/extract/extract';
import { neutraliseDeep } from '../../page/text/neutralise';
import type { ReaderRequest } from './runReader';

// Entry of offscreen.js: the extension's own document where extract reads a page. The page only
// exported its HTML; parsing it here runs none of its scripts and loads none of its resources.

chrome.runtime.onMessage.addListener((message: ReaderRequest, sender, sendResponse) => {
  if (message?.type !== 'vmark.reader.extract' || sender.id !== chrome.runtime.id) return false;
  try {
    const doc = new DOMParser().parseFromString(message.html, 'text/html');
    const result: ExtractResult = extractFrom(doc, message.url, {}, message.captureTruncated);
    sendResponse({ ok: true, result: neutraliseDeep(result) });
  } catch (error) {
    sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
  return false;
});
