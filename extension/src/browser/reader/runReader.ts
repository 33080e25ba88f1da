import type { ExtractResult, ReaderCapture } from '../../page/types';

/**
 * browser_read.extract reads in VMark, never in the page: the page exports its HTML, and an
 * offscreen document of the extension (the worker has no DOM) runs the site readers and the
 * generic reader on it.
 */
export interface ReaderRequest {
  type: 'vmark.reader.extract';
  html: string;
  url: string;
  captureTruncated: boolean;
}

type ReaderAnswer = { ok: true; result: ExtractResult } | { ok: false; error: string };

const OFFSCREEN_URL = 'offscreen.html';
let creating: Promise<void> | null = null;

async function ensureReaderDocument(): Promise<void> {
  const existing = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] });
  if (existing.length > 0) return;
  creating ??= chrome.offscreen
    .createDocument({ url: OFFSCREEN_URL, reasons: [chrome.offscreen.Reason.DOM_PARSER], justification: 'Read web pages into Markdown outside the page' })
    .finally(() => {
      creating = null;
    });
  await creating;
}

export async function runReader(capture: ReaderCapture): Promise<ExtractResult> {
  await ensureReaderDocument();
  const request: ReaderRequest = { type: 'vmark.reader.extract', html: capture.html, url: capture.url, captureTruncated: capture.truncated };
  const answer = (await chrome.runtime.sendMessage(request)) as ReaderAnswer | undefined;
  if (!answer) throw new Error('the reader did not answer');
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}
