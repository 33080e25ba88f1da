// act through trusted input, in two page calls around the extension's CDP input: `prepareTrusted`
// resolves and checks the target exactly as performAct does (scrolled into view, hit-tested), focuses
// it and arms a guard; `finishTrusted` disarms the guard and verifies the effect. The guard stops a
// trusted pointer event that lands on anything but the target (something moved over it since the
// check): the click is refused as covered, never clicked through.

import { opensFileChooser } from './act';
import { checkActionable } from './actionable';
import { composedContains, cssLabel, namedRef } from './describe';
import { locate } from './findTarget';
import { armScrollWatch, finishTrustedScroll, wheelPoint } from './trustedScroll';
import { checkTypeable, restoreText, textOf } from './typeText';
import type { ActCounts, ActElement, ActReason, ActRequest, PerformResult } from './types';
import { documentOf, isElement, isHtmlElement, isTag, isTextControl, windowOf } from '../dom/realm';

const GUARD_GLOBAL = '__vmarkTrustedGuard';
// A guard the extension never finished (it failed between the calls) must not stay armed.
const GUARD_LIFETIME_MS = 15_000;
const POINTER_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;

/** What the extension does between the two calls. */
export type TrustedPlan = { kind: 'click'; x: number; y: number } | { kind: 'insert'; text: string } | { kind: 'key' } | { kind: 'wheel'; x: number; y: number; dy: number };

export type PrepareResult =
  | ({ ok: true; element: ActElement | null; plan: TrustedPlan } & ActCounts)
  /** The target takes no trusted input (a <select>, a scroll to a target, no point to wheel at): the extension uses performAct. */
  | { ok: true; plan: null }
  | ({ ok: false; reason: ActReason; detail: string; candidates?: string[]; element?: ActElement } & ActCounts);

interface Guard {
  element: Element | null;
  prior: string | null;
  blockedBy: string | null;
  reached: boolean;
  submitted: boolean;
  clicked: boolean;
  keyPrevented: boolean;
  /** The target's document (the top one for a page-wide key). */
  doc: Document;
  focusBefore: Element | null;
  disarm(): void;
}

type GuardHolder = { [GUARD_GLOBAL]?: Guard };

function describe(element: Element): ActElement {
  return namedRef(element);
}

function reachesTarget(event: Event, element: Element): boolean {
  const first = event.composedPath()[0];
  if (!isElement(first)) return false;
  if (composedContains(element, first)) return true;
  const label = first.closest('label');
  return label !== null && label.control === element;
}

/** `guardPointer` (click only): trusted pointer events that land elsewhere are stopped. A key's own clicks (Enter on a button, implicit submission) are not. */
function arm(element: Element | null, prior: string | null, guardPointer = false): Guard {
  const holder = globalThis as unknown as GuardHolder;
  holder[GUARD_GLOBAL]?.disarm();
  const doc = element ? documentOf(element) : document;
  const guard: Guard = { element, prior, blockedBy: null, reached: false, submitted: false, clicked: false, keyPrevented: false, doc, focusBefore: doc.activeElement, disarm: () => undefined };
  const onPointer = (event: Event): void => {
    if (!guardPointer || !event.isTrusted || element === null) return;
    if (reachesTarget(event, element)) {
      if (event.type === 'click') guard.reached = true;
      return;
    }
    const hit = event.composedPath()[0];
    guard.blockedBy ??= isElement(hit) ? cssLabel(hit) : 'another element';
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onSubmit = (): void => void (guard.submitted = true);
  const onClick = (): void => void (guard.clicked = true);
  const onKeydown = (event: Event): void => void (event.defaultPrevented && (guard.keyPrevented = true));
  // a target inside a same-origin frame: its events happen in the frame's window, a stray click in the top one
  const views = element && windowOf(element) !== window ? [window, windowOf(element)] : [window];
  for (const view of views) {
    for (const type of POINTER_EVENTS) view.addEventListener(type, onPointer, true);
    view.addEventListener('submit', onSubmit, true);
    view.addEventListener('click', onClick, true);
    view.addEventListener('keydown', onKeydown, false);
  }
  guard.disarm = () => {
    for (const view of views) {
      for (const type of POINTER_EVENTS) view.removeEventListener(type, onPointer, true);
      view.removeEventListener('submit', onSubmit, true);
      view.removeEventListener('click', onClick, true);
      view.removeEventListener('keydown', onKeydown, false);
    }
    if (holder[GUARD_GLOBAL] === guard) delete holder[GUARD_GLOBAL];
  };
  holder[GUARD_GLOBAL] = guard;
  setTimeout(() => guard.disarm(), GUARD_LIFETIME_MS);
  return guard;
}

/** Puts the caret over the whole content, so inserted text replaces it. */
function selectAll(element: Element): void {
  if (isTextControl(element)) {
    element.focus();
    element.select();
    return;
  }
  (element as HTMLElement).focus();
  const range = documentOf(element).createRange();
  range.selectNodeContents(element);
  const selection = windowOf(element).getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

export function prepareTrusted(request: ActRequest): PrepareResult {
  if (request.operation === 'scroll' && (request.target || !request.dy)) return { ok: true, plan: null };
  const located = locate(request.target);
  if (!located.ok) return located;
  const { element, matchedTotal, matchedVisible } = located;
  const counts = { matchedTotal, matchedVisible };
  if (request.operation === 'scroll') {
    const dy = request.dy ?? 0;
    const point = wheelPoint(dy);
    if (!point) return { ok: true, plan: null };
    armScrollWatch();
    return { ok: true, element: null, plan: { kind: 'wheel', ...point, dy }, ...counts };
  }
  if (element === null) {
    arm(null, null);
    return { ok: true, element: null, plan: { kind: 'key' }, ...counts };
  }
  const described = describe(element);
  if ((request.operation === 'click' || request.operation === 'type') && opensFileChooser(element)) {
    return { ok: false, reason: 'upload', detail: 'file inputs are never automated; ask the user to choose the file', element: described, ...counts };
  }
  if (request.operation === 'type' && isTag(element, 'select')) return { ok: true, plan: null };
  const actionable = checkActionable(element);
  if (!actionable.ok) return { ...actionable, element: described, ...counts };
  if (request.operation === 'type') {
    const typeable = checkTypeable(element);
    if (!typeable.ok) return { ...typeable, element: described, ...counts };
  }
  if (request.operation === 'click') {
    arm(element, null, true);
    return { ok: true, element: described, plan: { kind: 'click', x: actionable.top.x, y: actionable.top.y }, ...counts };
  }
  if (request.operation === 'type') {
    arm(element, textOf(element));
    selectAll(element);
    return { ok: true, element: described, plan: { kind: 'insert', text: request.text ?? '' }, ...counts };
  }
  if (isHtmlElement(element)) element.focus();
  arm(element, null);
  return { ok: true, element: described, plan: { kind: 'key' }, ...counts };
}

function defaultActionOf(guard: Guard, request: ActRequest): string {
  if (guard.keyPrevented) return 'prevented';
  if (guard.submitted) return 'submit';
  if (guard.clicked) return 'click';
  if (guard.doc.activeElement !== guard.focusBefore) return request.key === 'Tab' ? (request.modifiers?.shift ? 'focus-previous' : 'focus-next') : 'focus-moved';
  return 'none';
}

/** After the extension's input: what happened, verified on the page. */
export function finishTrusted(request: ActRequest, counts: ActCounts): PerformResult {
  if (request.operation === 'scroll') return finishTrustedScroll(counts);
  const guard = (globalThis as unknown as GuardHolder)[GUARD_GLOBAL];
  // another document: the click or key navigated (a blocked click cannot have), typed text is unverifiable
  if (!guard && request.operation !== 'type') return { ok: true, element: null, ...(request.operation === 'key' ? { defaultAction: 'navigation' } : {}), ...counts };
  if (!guard) return { ok: false, reason: 'stale', detail: 'the page was replaced while typing; read the page again', ...counts };
  guard.disarm();
  const { element } = guard;
  const described = element && element.isConnected ? describe(element) : null;
  if (request.operation === 'click') {
    if (guard.blockedBy) return { ok: false, reason: 'covered', detail: `covered by ${guard.blockedBy} when the click landed; nothing was clicked`, ...(described ? { element: described } : {}), ...counts };
    if (!guard.reached) return { ok: false, reason: 'covered', detail: 'the click did not reach the target (it moved or the page changed); read the page again', ...(described ? { element: described } : {}), ...counts };
    return { ok: true, element: described, ...counts };
  }
  if (request.operation === 'type' && element) {
    const wanted = request.text ?? '';
    const now = textOf(element);
    if (now !== wanted) {
      restoreText(element, guard.prior ?? '');
      return { ok: false, reason: 'rejected-value', detail: `the field changed the text to "${now.slice(0, 200)}"; its prior value was restored`, ...(described ? { element: described } : {}), ...counts };
    }
    return { ok: true, element: described, value: now, ...counts };
  }
  return { ok: true, element: described, defaultAction: defaultActionOf(guard, request), ...counts };
}
