import { browserTool, ok, textFailure, type CallOutcome } from '@vmark/shared';
import { permitOrAsk, spendPermit } from '../../approvals/operationGrants';
import { defineBrowserAction, type BrowserContext } from '../../defineBrowserAction';
import { PageCallError } from '../../pageApi/callPage';
import { refuse } from '../../refusals';
import { recordedSource, recordedUrl } from '../../recording/recordedSource';
import { recordingOf, sleepRecorder, updateRecordings, wakeRecorder, type Recording } from '../../recording/recordings';
import type { AiTab } from '../../state/browserState';

const DEFAULT_SITE = 'recording';
const MAX_SITE_CHARS = 100;
// One line of front matter: no line breaks or other controls, no leading/trailing space.
const SITE_PATTERN = /^[^\s\p{Cc}\u2028\u2029](?:[^\p{Cc}\u2028\u2029]*[^\s\p{Cc}\u2028\u2029])?$/u;

function refuseRecording(token: 'ALREADY_RECORDING' | 'NOT_RECORDING', tabId: string): CallOutcome {
  return token === 'ALREADY_RECORDING'
    ? refuse(token, `Tab ${tabId} is being recorded already; call workflow_record with recordOp "stop" to get that recording, then start again`, { tabId })
    : refuse(token, `Nothing is being recorded on tab ${tabId}; call workflow_record with recordOp "start" first`, { tabId });
}

async function start(ctx: BrowserContext, tab: AiTab, tabId: string, site: string): Promise<CallOutcome> {
  if (!SITE_PATTERN.test(site) || site.length > MAX_SITE_CHARS) {
    return textFailure(`site must be one line of at most ${MAX_SITE_CHARS} characters without control characters or surrounding spaces; got ${JSON.stringify(site.slice(0, MAX_SITE_CHARS))}`);
  }
  if (await recordingOf(tab.chromeTabId)) return refuseRecording('ALREADY_RECORDING', tabId);
  const startUrl = recordedUrl(tab.url);
  if (startUrl === null) return textFailure(`Tab ${tabId} shows no web page to record (${tab.url || 'blank'}); open or navigate it to an http(s) page first`);
  // Never a standing grant: every recording asks the person (operations.ts keeps `record` per call).
  const permit = await permitOrAsk(ctx.aiPrincipal, tab, { operation: 'record', element: null, detail: 'your clicks and field edits on this tab (never what you type)' }, { tool: 'browser', action: 'workflow_record', recordOp: 'start' });
  if (!permit.ok) return permit.outcome;
  await spendPermit(ctx.aiPrincipal, tab.chromeTabId, permit.permit);
  const recording: Recording = {
    chromeTabId: tab.chromeTabId,
    token: crypto.randomUUID(),
    site,
    startedAt: Date.now(),
    steps: [{ kind: 'navigate', url: startUrl }],
    eventCount: 0,
    dropped: 0,
    page: null,
  };
  await updateRecordings((recordings) => {
    recordings[String(tab.chromeTabId)] = recording;
  });
  try {
    await wakeRecorder(tab.chromeTabId);
  } catch (error) {
    await updateRecordings((recordings) => void delete recordings[String(tab.chromeTabId)]);
    if (error instanceof PageCallError) return textFailure(`The recording could not start on tab ${tabId}: ${error.message}; wait for the page to load and start again`);
    throw error;
  }
  return ok({ recording: true, tabId, site, url: startUrl });
}

async function stop(tab: AiTab, tabId: string): Promise<CallOutcome> {
  // The tab is this AI principal's (the 'ai-tab' need), so its recording is too, even when the principal
  // was re-keyed after a worker stop.
  const recording = await updateRecordings((recordings) => {
    const found = recordings[String(tab.chromeTabId)];
    if (!found) return null;
    delete recordings[String(tab.chromeTabId)];
    return found;
  });
  if (!recording) return refuseRecording('NOT_RECORDING', tabId);
  await sleepRecorder(tab.chromeTabId);
  const { source, inputs } = recordedSource(recording.site, recording.steps);
  return ok({ source, inputs, eventCount: recording.eventCount, ...(recording.dropped > 0 ? { droppedEvents: recording.dropped } : {}) });
}

/**
 * The person's own clicks and field edits on an AI tab, as workflow text. start asks the person
 * every time and wakes the page's capture shim (page/record/recorder.ts), which follows the tab
 * across navigations (navigationEvents.ts wakes it again); stop answers {source, inputs, eventCount}.
 */
export const workflowRecord = defineBrowserAction(browserTool, 'workflow_record', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const target = ctx.target;
    if (target.kind !== 'ai') throw new Error('workflow_record needs an AI tab');
    return args.recordOp === 'start' ? start(ctx, target.tab, target.tabId, args.site ?? DEFAULT_SITE) : stop(target.tab, target.tabId);
  },
});
