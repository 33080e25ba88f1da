// Shadow DOM access. In the extension's isolated world chrome.dom.openOrClosedShadowRoot can open
// closed roots too; without it (tests, main world) closed roots are only counted by heuristic.

import { documentOf, isElement, isShadowRoot, isTag } from './realm';

type ChromeDomHolder = {
  chrome?: { dom?: { openOrClosedShadowRoot?: (element: Element) => ShadowRoot | null | undefined } };
};

function chromeDomShadowRoot(element: Element): ShadowRoot | null {
  const open = (globalThis as unknown as ChromeDomHolder).chrome?.dom?.openOrClosedShadowRoot;
  if (!open || !element.localName.includes('-')) return null;
  try {
    return open(element) ?? null;
  } catch {
    return null;
  }
}

export function shadowRootOf(element: Element): ShadowRoot | null {
  return element.shadowRoot ?? chromeDomShadowRoot(element);
}

/** Children in rendering order: a shadow root's tree instead of the host's light children, and a slot's assigned nodes instead of its fallback. */
export function composedChildNodes(node: Node): ArrayLike<Node> {
  if (isElement(node)) {
    const root = shadowRootOf(node);
    if (root) return root.childNodes;
    if (isTag(node, 'slot') && isShadowRoot(node.getRootNode())) {
      const assigned = node.assignedNodes();
      if (assigned.length > 0) return assigned;
    }
  }
  return node.childNodes;
}

/**
 * A defined custom element that renders a box while none of its light children render is most
 * likely drawing from a closed shadow root. Hosts whose light children are all slotted look like
 * ordinary elements, so this undercounts rather than guesses.
 */
export function looksLikeClosedShadowHost(element: Element): boolean {
  if (!element.localName.includes('-') || element.shadowRoot || !element.matches(':defined')) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  for (const child of Array.from(element.childNodes)) {
    if (isRendered(child)) return false;
  }
  return true;
}

function isRendered(node: Node): boolean {
  if (isElement(node)) return node.getClientRects().length > 0;
  if (node.nodeType !== Node.TEXT_NODE || !node.nodeValue?.trim()) return false;
  const range = documentOf(node).createRange();
  range.selectNodeContents(node);
  return range.getClientRects().length > 0;
}
