// States shown next to role and name: heading level, checked, disabled, file upload.

import { isTag } from '../dom/realm';

const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

export function headingLevel(element: Element): number {
  const ariaLevel = Number.parseInt(element.getAttribute('aria-level') ?? '', 10);
  if (ariaLevel >= 1) return ariaLevel;
  const tagLevel = /^h([1-6])$/.exec(element.localName);
  return tagLevel ? Number(tagLevel[1]) : 2;
}

/** Live checked state (the property, not the attribute); undefined for roles that cannot be checked. */
export function checkedState(element: Element, role: string): boolean | 'mixed' | undefined {
  if (!CHECKABLE_ROLES.has(role)) return undefined;
  if (isTag(element, 'input') && (element.type === 'checkbox' || element.type === 'radio')) {
    return element.indeterminate ? 'mixed' : element.checked;
  }
  const aria = element.getAttribute('aria-checked');
  return aria === 'mixed' ? 'mixed' : aria === 'true';
}

/** Disabled natively (including through a disabled fieldset) or by aria-disabled. */
export function isDisabled(element: Element, ancestorAriaDisabled: boolean): boolean {
  return ancestorAriaDisabled || element.getAttribute('aria-disabled') === 'true' || element.matches(':disabled');
}

export function isFileInput(element: Element): boolean {
  return isTag(element, 'input') && element.type === 'file';
}
