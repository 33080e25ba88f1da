// Entry of dist/page.js: defines globalThis.__vmarkPage in the world it is injected into (the
// extension's ISOLATED world). The extension injects the file, then calls e.g.
//   chrome.scripting.executeScript({ target, func: (o) => globalThis.__vmarkPage.snapshot(o), args: [o] })
// Every result is page data: strings are neutralised on the way out. Re-injection is harmless;
// refs live on their own global (refs/refStore.ts).

import { inspectAct, performAct } from './act/act';
import { finishTrusted, prepareTrusted } from './act/trusted';
import { trustedScrollSettled } from './act/trustedScroll';
import { applyStyle } from './act/applyStyle';
import { clearConsole, readConsole } from './console/readConsole';
import { describeRef, matches } from './conditions/matches';
import { captureReaderHtml, extract } from './extract/extract';
import { detectGate } from './gate/detectGate';
import { query } from './query/query';
import { startRecording, stopRecording } from './record/recorder';
import { refGeneration, resetRefs, resolveRef } from './refs/refStore';
import { snapshot } from './snapshot/snapshot';
import { neutraliseDeep } from './text/neutralise';
import { PAGE_API_GLOBAL, PAGE_API_VERSION, type VmarkPageApi } from './types';

function neutralised<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => neutraliseDeep(fn(...args));
}

const api: VmarkPageApi = {
  version: PAGE_API_VERSION,
  snapshot: neutralised(snapshot),
  resolveRef,
  describeRef: neutralised(describeRef),
  refGeneration,
  resetRefs,
  query: neutralised(query),
  extract: neutralised(extract),
  // Raw HTML for the extension's reader, never for the AI: the reader's output is neutralised there.
  captureReaderHtml,
  detectGate: neutralised(detectGate),
  readConsole: neutralised(readConsole),
  clearConsole: neutralised(clearConsole),
  matches: neutralised(matches),
  inspectAct: neutralised(inspectAct),
  performAct: neutralised(performAct),
  prepareTrusted: neutralised(prepareTrusted),
  finishTrusted: neutralised(finishTrusted),
  trustedScrollSettled,
  applyStyle: neutralised(applyStyle),
  startRecording,
  stopRecording,
};

(globalThis as unknown as Record<string, VmarkPageApi>)[PAGE_API_GLOBAL] = api;
