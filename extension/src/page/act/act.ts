// browser.act in the page, in two calls: `inspectAct` resolves the target and names it (role +
// accessible name, for the approval prompt) without touching anything; `performAct` resolves it
// again, checks it (actionable.ts) and acts with synthetic events.

import { isFileInput } from '../aria/states';
import { checkActionable } from './actionable';
import { namedRef } from './describe';
import { locate } from './findTarget';
import { pressKey } from './pressKey';
import { typeText } from './typeText';
import type { ActElement, ActRequest, InspectResult, PerformResult } from './types';
import { isHtmlElement } from '../dom/realm';

function describe(element: Element): ActElement {
  return namedRef(element);
}

/** A click on this element would ask for a file: a file input, or a label of one. */
export function opensFileChooser(element: Element): boolean {
  if (isFileInput(element)) return true;
  const label = element.closest('label');
  return label !== null && label.control !== null && isFileInput(label.control);
}

export function inspectAct(request: ActRequest): InspectResult {
  const located = locate(request.target);
  if (!located.ok) return located;
  const { element, matchedTotal, matchedVisible } = located;
  const upload = element !== null && (request.operation === 'click' || request.operation === 'type') && opensFileChooser(element);
  return { ok: true, element: element && describe(element), upload, matchedTotal, matchedVisible };
}

function click(element: Element, x: number, y: number): void {
  if (isHtmlElement(element)) element.focus({ preventScroll: true });
  const init = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, button: 0 };
  element.dispatchEvent(new PointerEvent('pointerdown', { ...init, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  element.dispatchEvent(new PointerEvent('pointerup', { ...init, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mouseup', init));
  element.dispatchEvent(new MouseEvent('click', { ...init, detail: 1 }));
}

export function performAct(request: ActRequest): PerformResult {
  const located = locate(request.target);
  if (!located.ok) return located;
  const { element, matchedTotal, matchedVisible } = located;
  const counts = { matchedTotal, matchedVisible };
  if (request.operation === 'scroll' && element === null) {
    const scroller = document.scrollingElement ?? document.documentElement;
    const before = scroller.scrollTop;
    scroller.scrollBy({ top: request.dy ?? 0, behavior: 'instant' });
    return { ok: true, element: null, scrolledBy: scroller.scrollTop - before, ...counts };
  }
  if (request.operation === 'key' && element === null) return { ok: true, element: null, ...pressKey(null, { key: request.key ?? '', modifiers: request.modifiers }), ...counts };
  if (element === null) throw new Error(`${request.operation} needs a target`);
  const described = describe(element);
  if ((request.operation === 'click' || request.operation === 'type') && opensFileChooser(element)) {
    return { ok: false, reason: 'upload', detail: 'file inputs are never automated; ask the user to choose the file', element: described, ...counts };
  }
  const actionable = checkActionable(element);
  if (!actionable.ok) return { ...actionable, element: described, ...counts };
  switch (request.operation) {
    case 'scroll':
      return { ok: true, element: described, ...counts };
    case 'click':
      click(element, actionable.x, actionable.y);
      return { ok: true, element: described, ...counts };
    case 'type': {
      const typed = typeText(element, request.text ?? '');
      return typed.ok ? { ok: true, element: described, value: typed.value, ...counts } : { ...typed, element: described, ...counts };
    }
    case 'key':
      return { ok: true, element: described, ...pressKey(element, { key: request.key ?? '', modifiers: request.modifiers }), ...counts };
  }
}
