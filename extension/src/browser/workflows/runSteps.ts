import type { CallOutcome } from '@vmark/shared';
import { isWriteStep, writeLedgerKey, type WorkflowAction } from '@vmark/shared/lib/browserWorkflow/index';
import type { ActRequest } from '../../page/act/types';
import { bindingOf, currentPermit, permitOrAsk, spendPermit, type OperationAsk } from '../approvals/operationGrants';
import { operationPromptOpen, withdrawOperationPrompt } from '../approvals/prompts';
import { checkDestination } from '../navigation/destinationApproval';
import { navigateAiTab } from '../navigation/navigateAiTab';
import { checkResolvedAddresses } from '../navigation/resolvedAddresses';
import { readTarget } from '../pageApi/readTarget';
import { waitForPaint } from '../pageApi/callPage';
import { runReader } from '../reader/runReader';
import { DEFAULT_NAVIGATION_TIMEOUT_MS } from '../refusals';
import type { Target } from '../resolveTarget';
import { checkNavigationUrl } from '../safety/urlPolicy';
import { loopbackAllowed } from '../settings';
import { loadBrowserState, type AiTab, type AiPrincipal } from '../state/browserState';
import { watchForPerson } from './personWatch';
import { inLedger, loadRun, stopClock, updateRun, updateRuns, type StoredStep, type WorkflowRun } from './runStore';

export type StepEnd =
  | { kind: 'succeeded'; data?: unknown }
  | { kind: 'skipped'; reason: string }
  | { kind: 'paused'; reasonCode: string; reason: string }
  | { kind: 'failed'; reasonCode: string; reason: string }
  /** The run stopped under the step (cancelled, the person took over). */
  | { kind: 'stopped' };

const POLL_MS = 250;
/** How long a step waits for its target to appear (the page may still be loading after the last step). */
const FIND_TARGET_MS = 10_000;
const MAX_EXTRACT_CHARS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stillRunning(runId: string): Promise<boolean> {
  return (await loadRun(runId))?.status === 'running';
}

interface Place {
  aiPrincipal: AiPrincipal;
  tab: AiTab;
  target: Target;
}

/** The run's tab and the AI principal that owns it now (a client that reconnects adopts its principal under a new key). */
async function placeOf(run: WorkflowRun): Promise<Place | StepEnd> {
  const state = await loadBrowserState();
  const tab = state.aiTabs[String(run.chromeTabId)];
  if (!tab) return { kind: 'failed', reasonCode: 'tab-closed', reason: `tab ${run.tabId} is no longer open` };
  const aiPrincipal = state.principals[tab.principalKey];
  if (!aiPrincipal) return { kind: 'failed', reasonCode: 'session-ended', reason: 'the AI connection that started the run has ended' };
  if (aiPrincipal.key !== run.principalKey) await updateRun(run.runId, (r) => void (r.principalKey = aiPrincipal.key));
  return { aiPrincipal, tab, target: { kind: 'ai', chromeTabId: run.chromeTabId, tabId: run.tabId, tab } };
}

const isEnd = (value: Place | StepEnd): value is StepEnd => 'kind' in value;

/** Waits until the tab has finished loading whatever the last step started. */
async function settle(chromeTabId: number): Promise<void> {
  await waitForPaint(chromeTabId);
  const deadline = Date.now() + DEFAULT_NAVIGATION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const tab = await chrome.tabs.get(chromeTabId).catch(() => null);
    if (!tab || tab.status === 'complete') return;
    await sleep(POLL_MS);
  }
}

/**
 * The approval of one step, exactly as a hand-made act asks it: the same grants, the same prompt.
 * Unlike act, the run waits for the answer; the clock stops meanwhile and status shows pendingApproval.
 */
async function awaitPermit(run: WorkflowRun, place: Place, ask: OperationAsk): Promise<{ ok: true; permit: NonNullable<Awaited<ReturnType<typeof currentPermit>>> } | { ok: false; end: StepEnd }> {
  const granted = await currentPermit(place.aiPrincipal, place.tab, ask);
  if (granted) return { ok: true, permit: granted };
  const asked = await permitOrAsk(place.aiPrincipal, place.tab, ask, { tool: 'browser', action: 'workflow_run', runId: run.runId });
  if (asked.ok) return { ok: true, permit: asked.permit };
  const binding = bindingOf(ask);
  const step = run.next;
  await updateRun(run.runId, (r) => {
    stopClock(r);
    r.pendingApproval = { step: step + 1, operation: ask.operation, element: ask.element, detail: ask.detail, origin: place.tab.origin, binding };
    r.stepResults[step]!.status = 'awaiting-approval';
  });
  for (;;) {
    await sleep(POLL_MS);
    const now = await placeOf(run);
    if (isEnd(now)) return { ok: false, end: now };
    if (!(await stillRunning(run.runId))) {
      await withdrawOperationPrompt(now.aiPrincipal.key, run.chromeTabId, binding);
      return { ok: false, end: { kind: 'stopped' } };
    }
    let permit = await currentPermit(now.aiPrincipal, now.tab, ask);
    const open = permit ? true : await operationPromptOpen(now.aiPrincipal.key, run.chromeTabId, binding);
    // the answer may have landed between the two reads: the grant and the prompt's removal are one change
    if (!permit && !open) permit = await currentPermit(now.aiPrincipal, now.tab, ask);
    if (permit || !open) {
      await updateRun(run.runId, (r) => {
        delete r.pendingApproval;
        r.activeSince = Date.now();
        r.stepResults[step]!.status = 'pending';
      });
      if (permit) return { ok: true, permit };
      return { ok: false, end: { kind: 'failed', reasonCode: 'denied', reason: `the user did not allow step ${step + 1} (${ask.operation}); nothing was done` } };
    }
  }
}

function actRequestOf(action: Extract<WorkflowAction, { op: 'click' | 'type' }>, role: string, inputs: Record<string, string>): ActRequest {
  if (action.op === 'click') return { operation: 'click', target: { role, name: action.name } };
  const text = 'input' in action.value ? (inputs[action.value.input] ?? '') : action.value.literal;
  return { operation: 'type', target: { role, name: action.name }, text };
}

async function actStep(run: WorkflowRun, action: Extract<WorkflowAction, { op: 'click' | 'type' }>): Promise<StepEnd> {
  if (action.role === undefined) {
    return { kind: 'paused', reasonCode: 'not-executable', reason: `step ${run.next + 1} names no role, so VMark cannot target it safely: do it by hand (browser.act), then resume` };
  }
  const request = actRequestOf(action, action.role, run.inputs);
  let place: Place | StepEnd = await placeOf(run);
  const deadline = Date.now() + FIND_TARGET_MS;
  let element: { role: string; name: string } | null = null;
  for (;;) {
    if (isEnd(place)) return place;
    const inspected = await readTarget(place.target, 'inspectAct', [request]);
    if (inspected.ok && inspected.value.ok) {
      if (inspected.value.upload) return { kind: 'paused', reasonCode: 'upload', reason: 'file inputs are never automated; ask the user to choose the file, then resume' };
      element = inspected.value.element && { role: inspected.value.element.role, name: inspected.value.element.name };
      break;
    }
    const refusal = inspected.ok && !inspected.value.ok ? inspected.value : null;
    if (refusal && refusal.reason !== 'not-found') return { kind: 'failed', reasonCode: 'act-refused', reason: `${request.operation} refused (${refusal.reason}): ${refusal.detail}` };
    if (Date.now() > deadline) return { kind: 'failed', reasonCode: 'not-found', reason: refusal ? refusal.detail : 'the page could not be read' };
    if (!(await stillRunning(run.runId))) return { kind: 'stopped' };
    await sleep(POLL_MS);
    place = await placeOf(run);
  }
  const ask: OperationAsk = { operation: request.operation, element, detail: request.operation === 'type' ? JSON.stringify(request.text ?? '') : null };
  const approved = await awaitPermit(run, place, ask);
  if (!approved.ok) return approved.end;
  if (!(await updateRun(run.runId, (r) => void (r.stepResults[r.next]!.status = 'running')))) return { kind: 'stopped' };
  await watchForPerson(run.chromeTabId);
  const current = await placeOf(run);
  if (isEnd(current)) return current;
  const performed = await readTarget(current.target, 'performAct', [request]);
  if (!performed.ok) {
    return { kind: 'paused', reasonCode: 'outcome-unknown', reason: `step ${run.next + 1} may or may not have happened (the page stopped answering); it is never retried by itself: read the page, finish it by hand if needed, then resume` };
  }
  const result = performed.value;
  if (result.ok || result.reason === 'rejected-value') await spendPermit(current.aiPrincipal, run.chromeTabId, approved.permit);
  if (!result.ok) return { kind: 'failed', reasonCode: 'act-refused', reason: `${request.operation} refused (${result.reason}): ${result.detail}` };
  await settle(run.chromeTabId);
  return { kind: 'succeeded', data: { element: result.element, ...(result.defaultAction ? { defaultAction: result.defaultAction } : {}) } };
}

function failedNavigation(outcome: CallOutcome): StepEnd {
  const reason = outcome.kind === 'refusal' ? `${outcome.refusal.token}: ${outcome.refusal.message}` : outcome.kind === 'text' ? outcome.text : 'the navigation failed';
  return { kind: 'failed', reasonCode: 'navigation-failed', reason };
}

/** Exactly the checks of browser.navigate. */
async function navigateStep(run: WorkflowRun, url: string): Promise<StepEnd> {
  const place = await placeOf(run);
  if (isEnd(place)) return place;
  const allowLoopback = await loopbackAllowed();
  const verdict = checkNavigationUrl(url, { allowLoopback });
  if (!verdict.ok) return { kind: 'failed', reasonCode: 'navigation-failed', reason: `${verdict.token}: ${verdict.message}` };
  const resolved = await checkResolvedAddresses(verdict.url, { allowLoopback });
  if (!resolved.ok) return { kind: 'failed', reasonCode: 'navigation-failed', reason: `${resolved.token}: ${resolved.message}` };
  if (place.tab.posture === 'shared' && (await checkDestination(place.aiPrincipal, run.chromeTabId, verdict.url))) {
    return { kind: 'paused', reasonCode: 'needs-approval', reason: `opening ${verdict.url.origin} with the user's cookies needs their approval (a prompt is open): navigate with browser.navigate once they allow it, then resume` };
  }
  const outcome = await navigateAiTab(run.principalKey, run.chromeTabId, verdict.url, DEFAULT_NAVIGATION_TIMEOUT_MS);
  return outcome.kind === 'ok' ? { kind: 'succeeded', data: outcome.data } : failedNavigation(outcome);
}

async function extractStep(run: WorkflowRun): Promise<StepEnd> {
  const place = await placeOf(run);
  if (isEnd(place)) return place;
  const capture = await readTarget(place.target, 'captureReaderHtml', [{}]);
  if (!capture.ok) return { kind: 'failed', reasonCode: 'extract-failed', reason: 'the page could not be read' };
  const article = await runReader(capture.value).catch(() => null);
  if (!article) return { kind: 'failed', reasonCode: 'extract-failed', reason: 'the reader could not read the page' };
  const markdown = article.markdown.slice(0, MAX_EXTRACT_CHARS);
  return { kind: 'succeeded', data: { title: article.title, url: article.url, markdown, truncated: article.truncated || markdown.length < article.markdown.length, untrusted: true } };
}

/** Runs the run's next step; deterministic steps run here, every other step pauses the run for the agent. */
export async function runStep(run: WorkflowRun): Promise<StepEnd> {
  const step: StoredStep = run.steps[run.next]!;
  const action = step.action;
  const ledgerKey = writeLedgerKey(run.source, run.next, run.inputs);
  if (isWriteStep(step) && !run.allowRepeat && (await inLedger(ledgerKey))) {
    return { kind: 'skipped', reason: 'this write already succeeded with the same source and inputs since the browser started (pass allowRepeat to do it again)' };
  }
  await updateRun(run.runId, (r) => void (r.stepResults[r.next]!.attempts += 1));
  await watchForPerson(run.chromeTabId);
  let end: StepEnd;
  if (step.kind === 'extract') end = await extractStep(run);
  else if (step.kind !== 'action' || !action) {
    const reasonCode = step.kind === 'action' ? 'not-executable' : `${step.kind}-step`;
    end = { kind: 'paused', reasonCode, reason: `step ${run.next + 1} (${step.kind}) is for the agent: ${step.text}. Do it, then start workflow_run again with resumeRunId` };
  }
  else if (action.op === 'navigate') end = await navigateStep(run, action.url);
  else end = await actStep(run, action);
  if (end.kind === 'succeeded' && isWriteStep(step)) {
    await updateRuns((state) => {
      if (!state.ledger.includes(ledgerKey)) state.ledger.push(ledgerKey);
    });
  }
  return end;
}
