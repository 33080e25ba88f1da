// How act names elements: role + accessible name as the outline shows them, and a short CSS-like
// label (div.cmp-overlay) for an element that covers a target.

import { accessibleName } from '../aria/name';
import { isNativelyFocusable, roleOf } from '../aria/role';
import { isStructuralRole } from '../snapshot/outlinePolicy';
import { DEFAULT_MAX_NAME_CHARS } from '../snapshot/snapshot';
import { identityOf, refFor, rememberIdentity } from '../refs/refStore';
import { clipText } from '../text/neutralise';
import { isShadowRoot } from '../dom/realm';

const NAME_LIMIT = DEFAULT_MAX_NAME_CHARS * 2;

export function roleAndName(element: Element, role = roleOf(element) ?? 'generic'): { role: string; name: string } {
  // Named like the outline names it: targets by their text, structure by its label.
  const contentFallback = !isStructuralRole(role) || isNativelyFocusable(element);
  const name = accessibleName(element, role, NAME_LIMIT, contentFallback);
  return { role, name };
}

/**
 * The element's ref with its role and name. A ref no read has bound yet (handed out by act, query,
 * style or wait_for) is bound to that role and name here, so act refuses it once the node is
 * something else, as it does for a read's refs.
 */
export function namedRef(element: Element): { ref: string; role: string; name: string } {
  const ref = refFor(element);
  const named = roleAndName(element);
  if (!identityOf(ref)) {
    const fromContent = !isStructuralRole(named.role) || isNativelyFocusable(element);
    rememberIdentity(ref, { role: named.role, name: named.name, nameLimit: NAME_LIMIT, fromContent });
  }
  return { ref, ...named };
}

export function clippedName(name: string): string {
  return clipText(name, DEFAULT_MAX_NAME_CHARS).text;
}

/** e.g. "div.cmp-overlay", "header#top", "iframe": tag, id, up to two classes. */
export function cssLabel(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const classes = Array.from(element.classList).slice(0, 2).map((c) => `.${c}`).join('');
  return `${element.localName}${id}${classes}`.slice(0, 80);
}

/** The parent in the composed tree (a shadow root's host, a slotted node's slot is ignored). */
export function composedParent(node: Node): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return isShadowRoot(root) ? root.host : null;
}

export function composedContains(ancestor: Element, node: Element): boolean {
  for (let current: Element | null = node; current; current = composedParent(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
