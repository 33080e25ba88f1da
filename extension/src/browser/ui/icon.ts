import { createElement, type IconNode } from 'lucide';

/**
 * The extension's pages draw the editor's icon set (lucide): decorative only, so hidden from assistive
 * technology; the text or aria-label next to it stays the accessible name. Stroke is currentColor.
 */
export function icon(node: IconNode, size = 16): SVGElement {
  return createElement(node, { width: size, height: size, 'aria-hidden': 'true', focusable: 'false', class: 'icon' });
}

/** A button that shows an icon before its label. */
export function iconButton(node: IconNode, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'with-icon';
  const text = document.createElement('span');
  text.textContent = label;
  button.append(icon(node, 15), text);
  return button;
}

/** Puts an icon before the existing content of a static element (a heading, a link). */
export function prependIcon(element: Element | null, node: IconNode, size = 16): void {
  element?.prepend(icon(node, size));
}
