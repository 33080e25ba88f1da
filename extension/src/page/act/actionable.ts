// The checks a target passes before act touches it: visible, enabled, scrolled into the viewport,
// and not covered at the click point (hit-tested through open shadow roots and same-origin frames).

import { frameChain, frameContentOrigin } from '../dom/frames';
import { documentOf, windowOf } from '../dom/realm';
import { composedContains, composedParent, cssLabel } from './describe';
import type { ActReason } from './types';
import { disabledDetail, isRenderedVisible } from './visibility';

/** `x`, `y`: the click point in the target's document's viewport; `top`: the same point in the top viewport (what trusted input takes). */
export type Actionable = { ok: true; x: number; y: number; top: { x: number; y: number } } | { ok: false; reason: ActReason; detail: string };

/** The deepest element of a document at a point of its viewport, through open shadow roots (not into frames). */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let depth = 0; hit?.shadowRoot && depth < 32; depth++) {
    const inner: Element | null = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The outermost ancestor of the hit element that does not contain the target (below <body>). */
function coverer(hit: Element, target: Element): Element {
  const doc = documentOf(hit);
  let cover = hit;
  for (let current = composedParent(hit); current && current !== doc.body && current !== doc.documentElement; current = composedParent(current)) {
    if (composedContains(current, target)) break;
    cover = current;
  }
  return cover;
}

function labelsTarget(hit: Element, target: Element): boolean {
  const label = hit.closest('label');
  return label !== null && (label as HTMLLabelElement).control === target;
}

type PointCheck = { ok: true } | { ok: false; reason: ActReason; detail: string };

/** In `element`'s document, the point lies in the viewport and hits the element (or a label of it). */
function hitsAt(element: Element, x: number, y: number, what: string): PointCheck {
  const view = windowOf(element);
  if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) {
    return { ok: false, reason: 'offscreen', detail: `${what} cannot be scrolled into the viewport` };
  }
  const hit = deepElementFromPoint(documentOf(element), x, y);
  if (!hit) return { ok: false, reason: 'offscreen', detail: `nothing is rendered at ${what}'s position` };
  if (!composedContains(element, hit) && !labelsTarget(hit, element)) {
    return { ok: false, reason: 'covered', detail: `covered by ${cssLabel(coverer(hit, element))}` };
  }
  return { ok: true };
}

/** Scrolls the target into view and checks every condition; the point is where a click lands. */
export function checkActionable(element: Element): Actionable {
  if (!isRenderedVisible(element)) return { ok: false, reason: 'hidden', detail: 'the target is not rendered visibly (CSS, a closed or transparent ancestor)' };
  const disabled = disabledDetail(element);
  if (disabled) return { ok: false, reason: 'disabled', detail: `the target is ${disabled}` };
  const frames = frameChain(element) ?? [];
  // innermost last: each frame is scrolled into its parent's view before the target into the frame's
  for (let i = frames.length - 1; i >= 0; i--) frames[i]!.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const here = hitsAt(element, x, y, 'the target');
  if (!here.ok) return here;
  // the frame itself must be in its parent's viewport and not covered there, at the same point
  let top = { x, y };
  for (const frame of frames) {
    const origin = frameContentOrigin(frame);
    top = { x: top.x + origin.x, y: top.y + origin.y };
    const outer = hitsAt(frame, top.x, top.y, 'the frame holding the target');
    if (!outer.ok) return outer.reason === 'covered' ? { ...outer, detail: `${outer.detail}, over the frame holding the target` } : outer;
  }
  return { ok: true, x, y, top };
}
