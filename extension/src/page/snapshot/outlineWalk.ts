// Pre-order walk of the composed tree (element, its shadow tree or slot content, children) that
// reports every element the outline shows. Hidden subtrees are pruned; same-origin frames are walked
// as part of the tree, cross-origin frames and closed shadow roots are counted as unreachable.

import { accessibleName, takesNameFromContent } from '../aria/name';
import { isNativelyFocusable, roleOf } from '../aria/role';
import { checkedState, headingLevel, isDisabled, isFileInput } from '../aria/states';
import { frameDocument, isFrame } from '../dom/frames';
import { composedChildNodes, looksLikeClosedShadowHost, shadowRootOf } from '../dom/shadow';
import { outlineEntry, SHOWN_IF_NAMED, type OutlineContext, type OutlineEntry } from './outlinePolicy';
import { isElement, isTag } from '../dom/realm';

const MAX_VISITED_ELEMENTS = 50_000;
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
// Their children are options or editor content, not separate targets.
const OPAQUE_TAGS = new Set(['select', 'textarea', 'input', 'img', 'video', 'audio', 'canvas']);

export interface OutlineCandidate {
  element: Element;
  role: string;
  /** Whitespace-normalised; may exceed the name limit (the caller clips). */
  name: string;
  /** The name was taken from content too (how act computes it again to compare). */
  fromContent: boolean;
  level?: number;
  checked?: boolean | 'mixed';
  disabled?: boolean;
  upload?: boolean;
}

export interface Unreachable {
  closedShadowRoots: number;
  frames: number;
}

export interface OutlineWalkResult {
  unreachable: Unreachable;
  /** The walk gave up after MAX_VISITED_ELEMENTS. */
  visitLimitHit: boolean;
}

/** Calls `visit` for each outline element in document order; `visit` returns false to stop. */
export function walkOutline(visit: (candidate: OutlineCandidate) => boolean, nameLimit: number): OutlineWalkResult {
  const walker = new OutlineWalker(visit, nameLimit);
  const root = document.documentElement;
  if (root) {
    walker.walk(root, { insideInteractive: false, insideNamedFromContent: false, ancestorAriaDisabled: false, parentCursor: 'auto' });
  }
  return { unreachable: walker.unreachable, visitLimitHit: walker.visitLimitHit };
}

class OutlineWalker {
  readonly unreachable: Unreachable = { closedShadowRoots: 0, frames: 0 };
  visitLimitHit = false;
  private visited = 0;
  private stopped = false;

  constructor(
    private readonly visit: (candidate: OutlineCandidate) => boolean,
    private readonly nameLimit: number,
  ) {}

  walk(element: Element, context: OutlineContext): void {
    if (this.stopped) return;
    if (++this.visited > MAX_VISITED_ELEMENTS) {
      this.visitLimitHit = true;
      this.stopped = true;
      return;
    }
    const tag = element.localName;
    if (SKIPPED_TAGS.has(tag) || isExcluded(element)) return;
    const style = getComputedStyle(element);
    if (style.display === 'none') return;
    if (isFrame(element)) {
      const inner = frameDocument(element)?.documentElement;
      if (!inner) this.unreachable.frames++;
      else if (isVisibleSelf(style)) this.walk(inner, context);
      return;
    }
    const role = roleOf(element);
    const entry = outlineEntry(element, role, style, context);
    const shown = entry !== null && isVisibleSelf(style) && this.report(element, entry, context);
    if (this.stopped || OPAQUE_TAGS.has(tag) || (entry?.role === 'textbox' && tag !== 'input')) return;
    this.walkChildren(element, {
      insideInteractive: context.insideInteractive || (shown && entry.interactive),
      // Text inside a link or button is already its name; a focusable container keeps its outline.
      insideNamedFromContent:
        context.insideNamedFromContent || (shown && (takesNameFromContent(entry.role) || isNativelyFocusable(element))),
      ancestorAriaDisabled: context.ancestorAriaDisabled || element.getAttribute('aria-disabled') === 'true',
      parentCursor: style.cursor,
    });
  }

  private walkChildren(element: Element, context: OutlineContext): void {
    if (!shadowRootOf(element) && looksLikeClosedShadowHost(element)) this.unreachable.closedShadowRoots++;
    // A closed <details> renders only its summary.
    const onlySummary = isTag(element, 'details') && !element.open;
    const children = composedChildNodes(element);
    for (let i = 0; i < children.length && !this.stopped; i++) {
      const child = children[i];
      if (!isElement(child)) continue;
      if (onlySummary && child.localName !== 'summary') continue;
      this.walk(child, context);
    }
  }

  /** Builds and reports the candidate; false if it is not shown after all (a name was required). */
  private report(element: Element, entry: OutlineEntry, context: OutlineContext): boolean {
    const { role, interactive } = entry;
    const name = accessibleName(element, role, this.nameLimit, interactive);
    if (!name && !interactive && SHOWN_IF_NAMED.has(role)) return false;
    const candidate: OutlineCandidate = { element, role, name, fromContent: interactive };
    if (role === 'heading') candidate.level = headingLevel(element);
    const checked = checkedState(element, role);
    if (checked !== undefined) candidate.checked = checked;
    if (interactive && isDisabled(element, context.ancestorAriaDisabled)) candidate.disabled = true;
    if (isFileInput(element)) candidate.upload = true;
    if (!this.visit(candidate)) this.stopped = true;
    return true;
  }
}

function isExcluded(element: Element): boolean {
  return element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('inert');
}

// visibility:hidden hides the element itself, but a descendant may set visibility:visible again.
function isVisibleSelf(style: CSSStyleDeclaration): boolean {
  return style.visibility !== 'hidden' && style.visibility !== 'collapse';
}
