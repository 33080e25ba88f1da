// browser_read.wait_for, page side: one check of one condition (the extension polls).

import { accessibleName } from '../aria/name';
import { isNativelyFocusable, roleOf } from '../aria/role';
import { namedRef } from '../act/describe';
import { resolveRef } from '../refs/refStore';
import { walkOutline } from '../snapshot/outlineWalk';
import { isStructuralRole } from '../snapshot/outlinePolicy';
import { DEFAULT_MAX_NAME_CHARS } from '../snapshot/snapshot';
import { clipText, normaliseSpace } from '../text/neutralise';

export type Condition = { ref: string } | { role: string; name?: string } | { text: string };

export interface MatchResult {
  matched: boolean;
  ref?: string;
}

function isVisible(element: Element): boolean {
  return element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0;
}

function matchesName(candidateName: string, wanted: string): boolean {
  // A name copied from a snapshot may be the clipped one.
  return candidateName === wanted || clipText(candidateName, DEFAULT_MAX_NAME_CHARS).text === wanted;
}

function matchRoleName(role: string, name: string | undefined): MatchResult {
  const wantedName = name === undefined ? undefined : normaliseSpace(name);
  let found: Element | null = null;
  walkOutline((candidate) => {
    if (candidate.role !== role) return true;
    if (wantedName !== undefined && !matchesName(candidate.name, wantedName)) return true;
    found = candidate.element;
    return false;
  }, DEFAULT_MAX_NAME_CHARS * 2);
  return found ? { matched: true, ref: namedRef(found).ref } : { matched: false };
}

function matchText(text: string): MatchResult {
  const wanted = normaliseSpace(text);
  const visible = normaliseSpace(document.body?.innerText ?? '');
  return { matched: wanted.length > 0 && visible.includes(wanted) };
}

function matchRef(ref: string): MatchResult {
  const element = resolveRef(ref);
  return element && isVisible(element) ? { matched: true, ref } : { matched: false };
}

export function matches(condition: Condition): MatchResult {
  const given = ['ref', 'role', 'text'].filter((key) => typeof (condition as Record<string, unknown>)?.[key] === 'string');
  if (given.length !== 1) throw new Error('wait_for needs exactly one of ref, role (+ name) or text');
  if ('ref' in condition) return matchRef(condition.ref);
  if ('role' in condition) return matchRoleName(condition.role, condition.name);
  return matchText(condition.text);
}

/** Role and name of a ref'd element, e.g. for an approval prompt; null if the ref is stale. */
export function describeRef(ref: string): { role: string; name: string } | null {
  const element = resolveRef(ref);
  if (!element) return null;
  const role = roleOf(element) ?? 'generic';
  // Named like the outline names it: targets by their text, structure by its label.
  const contentFallback = !isStructuralRole(role) || isNativelyFocusable(element);
  const name = accessibleName(element, role, DEFAULT_MAX_NAME_CHARS, contentFallback);
  return { role, name: clipText(name, DEFAULT_MAX_NAME_CHARS).text };
}
