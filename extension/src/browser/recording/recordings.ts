import type { RecordedEvent, RecordMessage } from '../../page/record/recorder';
import { callPage } from '../pageApi/callPage';
import { redactUrl } from '../safety/pageFacts';
import { loadBrowserState } from '../state/browserState';
import { recordedUrl } from './recordedSource';

/**
 * The recordings of browser.workflow_record, one per AI tab, in chrome.storage.session (its own
 * key, beside the browser state): they survive the worker being stopped and follow the tab across
 * navigations. What is kept is value-free by construction: locators and steps, never a value.
 */
export const MAX_EVENTS_PER_RECORDING = 1_000;
export const MAX_EVENTS_PER_PAGE = 200;

export type RecordedStep = RecordedEvent | { kind: 'navigate'; url: string };

export interface Recording {
  chromeTabId: number;
  /** Ties the page's messages to this recording (a random id the page shim was woken with). */
  token: string;
  site: string;
  startedAt: number;
  steps: RecordedStep[];
  /** The person's events kept (the opening navigate is not one). */
  eventCount: number;
  /** Events past a limit, not kept. */
  dropped: number;
  /** Events counted for the current page (document), for the per-page limit. */
  page: { documentId: string; count: number } | null;
}

const KEY = 'browserRecordings';
type Recordings = Record<string, Recording>;

export async function loadRecordings(): Promise<Recordings> {
  return ((await chrome.storage.session.get(KEY))[KEY] as Recordings | undefined) ?? {};
}

let queue: Promise<unknown> = Promise.resolve();

/** Serialised read-modify-write of the recordings; `change` must not await. */
export function updateRecordings<T>(change: (recordings: Recordings) => T): Promise<T> {
  const run = queue.then(async () => {
    const recordings = await loadRecordings();
    const result = change(recordings);
    await chrome.storage.session.set({ [KEY]: recordings });
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

export async function recordingOf(chromeTabId: number): Promise<Recording | null> {
  return (await loadRecordings())[String(chromeTabId)] ?? null;
}

/** Wakes the page's capture shim for the tab's recording, if it has one (after a navigation too). */
export async function wakeRecorder(chromeTabId: number): Promise<boolean> {
  const recording = await recordingOf(chromeTabId);
  if (!recording) return false;
  await callPage(chromeTabId, 'startRecording', [recording.token]);
  return true;
}

/** Puts the shim back to sleep (best effort: the page may be gone). */
export async function sleepRecorder(chromeTabId: number): Promise<void> {
  await callPage(chromeTabId, 'stopRecording').catch(() => undefined);
}

function keep(recording: Recording, step: RecordedStep, documentId: string | undefined): void {
  const page = recording.page !== null && recording.page.documentId === documentId ? recording.page : { documentId: documentId ?? '', count: 0 };
  recording.page = page;
  if (page.count >= MAX_EVENTS_PER_PAGE || recording.eventCount >= MAX_EVENTS_PER_RECORDING) {
    recording.dropped++;
    return;
  }
  page.count++;
  recording.eventCount++;
  recording.steps.push(step);
}

function isRecordMessage(message: unknown): message is RecordMessage {
  const m = message as Partial<RecordMessage> | null;
  return m?.type === 'vmark.record.event' && typeof m.token === 'string' && typeof m.event === 'object' && m.event !== null;
}

interface Arrival {
  chromeTabId: number;
  token: string;
  step: RecordedEvent;
  documentId: string | undefined;
}

// Events arrive one message each (a person clicking fast, or 200 in a burst): they are kept in
// batches, one storage write per batch rather than per event.
let arrivals: Arrival[] = [];
let keeping: Promise<void> | null = null;

async function keepArrivals(): Promise<void> {
  while (arrivals.length > 0) {
    const batch = arrivals;
    arrivals = [];
    await updateRecordings((recordings) => {
      for (const { chromeTabId, token, step, documentId } of batch) {
        const recording = recordings[String(chromeTabId)];
        if (recording && recording.token === token) keep(recording, step, documentId);
      }
    });
  }
  keeping = null;
}

/** An event from a page shim: kept only for the recording of that tab's main frame with that token. */
export function onRecordMessage(message: unknown, sender: chrome.runtime.MessageSender): boolean {
  if (!isRecordMessage(message) || sender.id !== chrome.runtime.id || sender.frameId !== 0 || sender.tab?.id === undefined) return false;
  const step = sanitisedEvent(message.event);
  if (!step) return false;
  arrivals.push({ chromeTabId: sender.tab.id, token: message.token, step, documentId: sender.documentId });
  keeping ??= keepArrivals().catch((error: unknown) => {
    keeping = null;
    console.error('VMark recording:', error);
  });
  return false;
}

/** Rebuilds the event from known fields only (the message came from a page-facing script). */
function sanitisedEvent(event: RecordedEvent): RecordedEvent | null {
  const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 240) : '');
  switch (event.kind) {
    case 'click':
      return { kind: 'click', role: text(event.role), name: text(event.name) };
    case 'click-by-hand':
      return { kind: 'click-by-hand', name: text(event.name) };
    case 'edit':
      return { kind: 'edit', role: text(event.role), name: text(event.name), secret: event.secret === true };
    default:
      return null;
  }
}

// The person typed an address, picked a bookmark or a suggestion: a navigate step. Link clicks and
// form submissions are not: the click that caused them is the step.
const TYPED_TRANSITIONS = new Set(['typed', 'auto_bookmark', 'generated', 'keyword', 'keyword_generated']);

/** The AI's own open/navigate (a running ticket for this address) is not the person's step. */
async function isAiNavigation(chromeTabId: number, href: string): Promise<boolean> {
  const tab = (await loadBrowserState()).aiTabs[String(chromeTabId)];
  const ticket = tab?.tickets.at(-1);
  return ticket !== undefined && (ticket.state === 'pending' || ticket.state === 'committed') && ticket.requestedUrl === redactUrl(href);
}

/** A main-frame commit in a recorded tab: the person's own navigation becomes a step. */
export async function onRecordedTabCommitted(details: { tabId: number; frameId: number; url: string; transitionType?: string }): Promise<void> {
  if (details.frameId !== 0 || !TYPED_TRANSITIONS.has(details.transitionType ?? '')) return;
  const url = recordedUrl(details.url);
  if (url === null || !(await recordingOf(details.tabId)) || (await isAiNavigation(details.tabId, details.url))) return;
  await updateRecordings((recordings) => {
    const recording = recordings[String(details.tabId)];
    if (recording) keep(recording, { kind: 'navigate', url }, `commit:${url}`);
  });
}

/** A closed tab's recording goes with it. */
export async function forgetRecording(chromeTabId: number): Promise<void> {
  if (!(await recordingOf(chromeTabId))) return;
  await updateRecordings((recordings) => void delete recordings[String(chromeTabId)]);
}
