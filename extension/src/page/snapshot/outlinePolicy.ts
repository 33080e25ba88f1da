// Which elements make it into the outline. The outline is deliberately flat and sparse: every
// interactive element, plus the few structural nodes (headings, landmarks, dialogs, named images)
// an agent needs to orient itself. Plain text is left to `extract`.

import { isNativelyFocusable } from '../aria/role';

export const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch',
  'slider', 'spinbutton', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option',
  'treeitem', 'scrollbar',
]);

const ALWAYS_SHOWN = new Set([
  'heading', 'dialog', 'alertdialog', 'main', 'navigation', 'search', 'banner', 'contentinfo',
  'complementary',
]);

// Structural roles worth their tokens only when they carry a name (alert/status: their text).
export const SHOWN_IF_NAMED = new Set([
  'img', 'region', 'form', 'group', 'table', 'alert', 'status', 'tabpanel', 'progressbar', 'meter',
  'tablist', 'menu', 'menubar', 'toolbar', 'radiogroup', 'tree', 'grid', 'treegrid',
]);

const NATIVE_INTERACTIVE_SELECTOR =
  'a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable], [role=button], [role=link]';

export interface OutlineContext {
  insideInteractive: boolean;
  insideNamedFromContent: boolean;
  ancestorAriaDisabled: boolean;
  parentCursor: string;
}

/**
 * Elements that act like controls without saying so: focusable via tabindex, an inline onclick,
 * or the outermost element that turns the cursor into a pointer (JS-driven "div buttons").
 */
function looksClickable(element: Element, style: CSSStyleDeclaration, context: OutlineContext): boolean {
  if (context.insideInteractive) return false;
  const tabindex = element.getAttribute('tabindex');
  if (tabindex !== null && Number(tabindex) >= 0 && !isNativelyFocusable(element)) return true;
  if (element.hasAttribute('onclick')) return true;
  return (
    style.cursor === 'pointer' &&
    context.parentCursor !== 'pointer' &&
    element.localName !== 'label' &&
    element.querySelector(NATIVE_INTERACTIVE_SELECTOR) === null
  );
}

export interface OutlineEntry {
  role: string;
  /** Something to act on (as opposed to a heading, landmark or image that orients). */
  interactive: boolean;
}

/** How this element is shown, or null to leave it out (its children may still show). */
export function outlineEntry(
  element: Element,
  role: string | null,
  style: CSSStyleDeclaration,
  context: OutlineContext,
): OutlineEntry | null {
  if (role !== null && INTERACTIVE_ROLES.has(role)) return { role, interactive: true };
  // A link or control whose author gave it a non-widget role (<a href role="menu">) stays a target.
  if (!context.insideInteractive && (isNativelyFocusable(element) || looksClickable(element, style, context))) {
    return { role: role ?? 'generic', interactive: true };
  }
  if (context.insideNamedFromContent) return null;
  if (role !== null && (ALWAYS_SHOWN.has(role) || SHOWN_IF_NAMED.has(role))) return { role, interactive: false };
  return null;
}

/** Headings, landmarks, named images…: shown to orient, not to act on. */
export function isStructuralRole(role: string): boolean {
  return !INTERACTIVE_ROLES.has(role) && (ALWAYS_SHOWN.has(role) || SHOWN_IF_NAMED.has(role));
}
