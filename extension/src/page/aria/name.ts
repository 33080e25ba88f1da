// Accessible name: a practical subset of accname 1.2, in its precedence order —
// aria-labelledby, aria-label, native labelling (label/alt/legend/caption/value), content for
// roles named from content, then title and placeholder.

import { contentText } from './contentText';
import { isTag } from '../dom/realm';

const NAME_FROM_CONTENT = new Set([
  'button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
  'tooltip', 'treeitem',
]);

// Not named from content by ARIA, but their text is what an agent needs to see.
const TEXT_AS_NAME = new Set(['alert', 'status']);

export function takesNameFromContent(role: string | null): boolean {
  return role !== null && NAME_FROM_CONTENT.has(role);
}

/**
 * The whitespace-normalised name; may be longer than `limit` (the caller clips and flags it).
 * `contentFallback` also names other targets (a clickable div, <a href role="menu">) by their text.
 */
export function accessibleName(element: Element, role: string | null, limit: number, contentFallback = false): string {
  return (
    labelledByName(element, limit) ||
    attributeText(element, 'aria-label') ||
    nativeName(element, limit) ||
    contentName(element, role, limit, contentFallback) ||
    attributeText(element, 'title') ||
    placeholderName(element)
  );
}

function attributeText(element: Element, name: string): string {
  return (element.getAttribute(name) ?? '').replace(/\s+/g, ' ').trim();
}

function labelledByName(element: Element, limit: number): string {
  const ids = element.getAttribute('aria-labelledby')?.trim();
  if (!ids) return '';
  const root = element.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  for (const id of ids.split(/\s+/)) {
    const target = root.getElementById?.(id);
    // Referenced labels count even when hidden (a common pattern for visually hidden labels).
    if (target && target !== element) {
      parts.push(attributeText(target, 'aria-label') || contentText(target, limit, true));
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

function labelsText(control: { labels: NodeListOf<HTMLLabelElement> | null }, limit: number): string {
  if (!control.labels) return '';
  return Array.from(control.labels, (label) => contentText(label, limit)).join(' ').trim();
}

function childText(element: Element, selector: string, limit: number): string {
  const child = element.querySelector(`:scope > ${selector}`);
  return child ? contentText(child, limit) : '';
}

function inputName(input: HTMLInputElement, limit: number): string {
  switch (input.type) {
    case 'submit':
      return input.value || 'Submit';
    case 'reset':
      return input.value || 'Reset';
    case 'button':
      return input.value;
    case 'image':
      return input.alt || input.value || 'Submit';
    default:
      return labelsText(input, limit);
  }
}

function nativeName(element: Element, limit: number): string {
  if (isTag(element, 'input')) return inputName(element, limit).trim();
  if (
    isTag(element, 'select') ||
    isTag(element, 'textarea') ||
    isTag(element, 'meter') ||
    isTag(element, 'progress') ||
    isTag(element, 'output') ||
    isTag(element, 'button')
  ) {
    return labelsText(element, limit);
  }
  switch (element.localName) {
    case 'img':
    case 'area':
      return attributeText(element, 'alt');
    case 'fieldset':
      return childText(element, 'legend', limit);
    case 'table':
      return childText(element, 'caption', limit);
    case 'figure':
      return childText(element, 'figcaption', limit);
    case 'svg':
      return childText(element, 'title', limit);
    default:
      return '';
  }
}

function contentName(element: Element, role: string | null, limit: number, contentFallback: boolean): string {
  const fromContent = contentFallback || (role !== null && (NAME_FROM_CONTENT.has(role) || TEXT_AS_NAME.has(role)));
  if (!fromContent) return '';
  if (isTag(element, 'input')) return '';
  return contentText(element, limit);
}

function placeholderName(element: Element): string {
  return attributeText(element, 'placeholder') || attributeText(element, 'aria-placeholder');
}
