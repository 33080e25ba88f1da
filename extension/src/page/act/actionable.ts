// The checks a target passes before act touches it: visible, enabled, scrolled into the viewport,
// and not covered at the click point (hit-tested through open shadow roots).

import { composedContains, composedParent, cssLabel } from './describe';
import type { ActReason } from './types';
import { disabledDetail, isRenderedVisible } from './visibility';

export type Actionable = { ok: true; x: number; y: number } | { ok: false; reason: ActReason; detail: string };

/**
 * The deepest element at a viewport point, through open shadow roots. Targets live in the main
 * document (frames are unreachable to reads), so a frame over a target is its coverer.
 */
function deepElementFromPoint(x: number, y: number): Element | null {
  let hit = document.elementFromPoint(x, y);
  for (let depth = 0; hit?.shadowRoot && depth < 32; depth++) {
    const inner: Element | null = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The outermost ancestor of the hit element that does not contain the target (below <body>). */
function coverer(hit: Element, target: Element): Element {
  let cover = hit;
  for (let current = composedParent(hit); current && current !== document.body && current !== document.documentElement; current = composedParent(current)) {
    if (composedContains(current, target)) break;
    cover = current;
  }
  return cover;
}

function labelsTarget(hit: Element, target: Element): boolean {
  const label = hit.closest('label');
  return label !== null && (label as HTMLLabelElement).control === target;
}

/** Scrolls the target into view and checks every condition; the point is where a click lands. */
export function checkActionable(element: Element): Actionable {
  if (!isRenderedVisible(element)) return { ok: false, reason: 'hidden', detail: 'the target is not rendered visibly (CSS, a closed or transparent ancestor)' };
  const disabled = disabledDetail(element);
  if (disabled) return { ok: false, reason: 'disabled', detail: `the target is ${disabled}` };
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
    return { ok: false, reason: 'offscreen', detail: 'the target cannot be scrolled into the viewport' };
  }
  const hit = deepElementFromPoint(x, y);
  if (!hit) return { ok: false, reason: 'offscreen', detail: 'nothing is rendered at the target\'s position' };
  if (!composedContains(element, hit) && !labelsTarget(hit, element)) {
    return { ok: false, reason: 'covered', detail: `covered by ${cssLabel(coverer(hit, element))}` };
  }
  return { ok: true, x, y };
}
