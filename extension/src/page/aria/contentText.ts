// Text of an element's rendered content, for names computed "from content" and from labels.
// Bounded: it stops once it has more than `limit` characters or has visited too many nodes,
// because a role=button on a page-sized container must not cost a full-page walk.

import { composedChildNodes } from '../dom/shadow';
import { isElement } from '../dom/realm';

const MAX_VISITED_NODES = 2_000;
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'input', 'select', 'textarea', 'iframe', 'object']);

interface TextCollector {
  parts: string[];
  length: number;
  visited: number;
  limit: number;
  includeHidden: boolean;
}

export function contentText(element: Element, limit: number, includeHidden = false): string {
  const collector: TextCollector = { parts: [], length: 0, visited: 0, limit, includeHidden };
  collectChildren(element, collector);
  return collector.parts.join('').replace(/\s+/g, ' ').trim();
}

function isFull(collector: TextCollector): boolean {
  return collector.length > collector.limit || collector.visited > MAX_VISITED_NODES;
}

function push(collector: TextCollector, text: string): void {
  collector.parts.push(text);
  collector.length += text.length;
}

function collectChildren(parent: Node, collector: TextCollector): void {
  const children = composedChildNodes(parent);
  for (let i = 0; i < children.length && !isFull(collector); i++) {
    const child = children[i]!;
    collector.visited++;
    if (child.nodeType === Node.TEXT_NODE) push(collector, child.nodeValue ?? '');
    else if (isElement(child)) collectElement(child, collector);
  }
}

function isHiddenForName(element: Element, style: CSSStyleDeclaration): boolean {
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  return style.display === 'none' || style.visibility === 'hidden';
}

function collectElement(element: Element, collector: TextCollector): void {
  const tag = element.localName;
  if (SKIPPED_TAGS.has(tag)) return;
  const style = getComputedStyle(element);
  if (!collector.includeHidden && isHiddenForName(element, style)) return;
  if (tag === 'br') return push(collector, ' ');
  const label = element.getAttribute('aria-label')?.trim();
  if (label) return push(collector, ` ${label} `);
  if (tag === 'img' || tag === 'area') return push(collector, ` ${element.getAttribute('alt') ?? ''} `);
  // Block-level boxes separate words ("Join us<div>Get replies</div>"); inline ones do not.
  const inline = style.display === 'inline' || style.display === 'contents';
  if (!inline) push(collector, ' ');
  collectChildren(element, collector);
  if (!inline) push(collector, ' ');
}
