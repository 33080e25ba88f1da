// Is an element rendered where a person could see it: computed styles, collapsed or transparent
// ancestors, content-visibility, a closed <details>, a zero-sized box — in its own document and,
// inside a same-origin frame, for every frame that holds it.

import { frameChain } from '../dom/frames';
import { isTag } from '../dom/realm';
import { composedParent } from './describe';

function isVisibleInItsDocument(element: Element): boolean {
  if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  // checkVisibility does not see into a closed <details> from inside a shadow tree's slot; be explicit.
  for (let current = composedParent(element); current; current = composedParent(current)) {
    if (isTag(current, 'details') && !current.open && !(element.closest('summary')?.parentElement === current)) return false;
  }
  return true;
}

export function isRenderedVisible(element: Element): boolean {
  const frames = frameChain(element);
  return frames !== null && isVisibleInItsDocument(element) && frames.every(isVisibleInItsDocument);
}

function disabledInItsDocument(element: Element): string | null {
  if (element.matches(':disabled')) {
    return element.closest('fieldset:disabled') && !(element as HTMLButtonElement).disabled ? 'inside a disabled <fieldset>' : 'disabled';
  }
  for (let current: Element | null = element; current; current = composedParent(current)) {
    if (current.getAttribute('aria-disabled') === 'true') return current === element ? 'aria-disabled' : 'inside an aria-disabled element';
    if (current.hasAttribute('inert')) return 'inside an inert subtree';
  }
  if (getComputedStyle(element).pointerEvents === 'none') return 'pointer-events: none';
  return null;
}

/** Why a target cannot be used although visible: disabled, inert, pointer-events: none (on it or on a frame that holds it). */
export function disabledDetail(element: Element): string | null {
  const own = disabledInItsDocument(element);
  if (own) return own;
  for (const frame of frameChain(element) ?? []) {
    const held = disabledInItsDocument(frame);
    if (held) return `in a frame that is ${held}`;
  }
  return null;
}
