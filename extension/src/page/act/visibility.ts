// Is an element rendered where a person could see it: computed styles, collapsed or transparent
// ancestors, content-visibility, a closed <details>, a zero-sized box.

import { composedParent } from './describe';
import { isTag } from '../dom/realm';

export function isRenderedVisible(element: Element): boolean {
  if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  // checkVisibility does not see into a closed <details> from inside a shadow tree's slot; be explicit.
  for (let current = composedParent(element); current; current = composedParent(current)) {
    if (isTag(current, 'details') && !current.open && !(element.closest('summary')?.parentElement === current)) return false;
  }
  return true;
}

/** Why a target cannot be used although visible: disabled, inert, pointer-events: none. */
export function disabledDetail(element: Element): string | null {
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
