// Resolves an act target: a ref from an earlier read, or role + exact accessible name over the whole
// composed tree (open shadow roots and same-origin frames included). Hidden matches are counted, never chosen; several
// visible matches are refused as ambiguous, never picked by document order.

import { roleOf } from '../aria/role';
import { frameDocument, isFrame } from '../dom/frames';
import { shadowRootOf } from '../dom/shadow';
import { accessibleName } from '../aria/name';
import { identityOf, resolveRef } from '../refs/refStore';
import { normaliseSpace } from '../text/neutralise';
import { clippedName, namedRef, roleAndName } from './describe';
import type { ActCounts, ActReason, ActTargetSpec } from './types';
import { isRenderedVisible } from './visibility';

const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
const MAX_ELEMENTS = 50_000;

export type Located =
  | ({ ok: true; element: Element | null } & ActCounts)
  | ({ ok: false; reason: ActReason; detail: string; candidates?: string[] } & ActCounts);

/** Every element of the composed tree, into open shadow roots and same-origin frames; `crossOrigin` counts the frames it cannot enter. */
function* composedElements(root: Element, crossOrigin: { frames: number }): Generator<Element> {
  const stack: Element[] = [root];
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_ELEMENTS) {
    const element = stack.pop()!;
    if (SKIPPED_TAGS.has(element.localName)) continue;
    yield element;
    if (isFrame(element)) {
      const inner = frameDocument(element)?.documentElement;
      if (inner) stack.push(inner);
      else crossOrigin.frames++;
      continue;
    }
    const shadow = shadowRootOf(element);
    const children = [...(shadow ? Array.from(shadow.children) : []), ...Array.from(element.children)];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

function nameMatches(candidate: string, wanted: string): boolean {
  // A name copied from a snapshot may be the clipped one.
  return candidate === wanted || clippedName(candidate) === wanted;
}

function byRoleName(role: string, name: string): Located {
  const wanted = normaliseSpace(name);
  const matches: Element[] = [];
  const crossOrigin = { frames: 0 };
  for (const element of composedElements(document.documentElement, crossOrigin)) {
    if ((roleOf(element) ?? 'generic') !== role) continue;
    if (nameMatches(roleAndName(element, role).name, wanted)) matches.push(element);
  }
  const visible = matches.filter(isRenderedVisible);
  const counts = { matchedTotal: matches.length, matchedVisible: visible.length };
  if (matches.length === 0) {
    // act reaches same-origin frames only: a target inside a cross-origin frame is not searched
    const { frames } = crossOrigin;
    const inFrames = frames > 0 ? `; the page's ${frames} cross-origin frame${frames > 1 ? 's are' : ' is'} not searched: to act inside one, browser.navigate the tab to the frame's URL` : '';
    return { ok: false, reason: 'not-found', detail: `no element with role "${role}" and name "${wanted}"; read the page again${inFrames}`, ...counts };
  }
  if (visible.length === 0) {
    return { ok: false, reason: 'hidden', detail: `every ${role} "${wanted}" is hidden (CSS, a closed or transparent ancestor)`, ...counts };
  }
  if (visible.length > 1) {
    const candidates = visible.map((element) => namedRef(element).ref);
    return { ok: false, reason: 'ambiguous', detail: `${visible.length} visible elements are ${role} "${wanted}"; target one by its ref`, candidates, ...counts };
  }
  return { ok: true, element: visible[0]!, ...counts };
}

/** A read showed this ref as one role + name; the node now has another: never retargeted. */
function identityChange(ref: string, element: Element): string | null {
  const read = identityOf(ref);
  if (!read) return null;
  const role = roleOf(element) ?? 'generic';
  const name = role === read.role ? accessibleName(element, role, read.nameLimit, read.fromContent) : null;
  if (role === read.role && name === read.name) return null;
  const now = name === null ? roleAndName(element) : { role, name };
  return `ref ${ref} was ${read.role} "${clippedName(read.name)}" when read and is now ${now.role} "${clippedName(now.name)}"; read the page again`;
}

function byRef(ref: string): Located {
  const element = resolveRef(ref);
  if (!element) {
    return { ok: false, reason: 'stale', detail: `ref ${ref} names no element of the current page (gone or replaced); read the page again`, matchedTotal: 0, matchedVisible: 0 };
  }
  const changed = identityChange(ref, element);
  if (changed) return { ok: false, reason: 'stale', detail: changed, matchedTotal: 1, matchedVisible: isRenderedVisible(element) ? 1 : 0 };
  const visible = isRenderedVisible(element) ? 1 : 0;
  return { ok: true, element, matchedTotal: 1, matchedVisible: visible };
}

export function locate(target: ActTargetSpec): Located {
  if (target === null || target === undefined) return { ok: true, element: null, matchedTotal: 0, matchedVisible: 0 };
  if ('ref' in target) return byRef(target.ref);
  return byRoleName(target.role, target.name);
}
