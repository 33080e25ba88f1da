// act key: keydown/keyup on the target (or the focused element), plus the default actions synthetic
// events lack: Enter submits a form from its field or activates a button or link, Space activates a
// button or checkbox, Tab moves focus. Nothing happens by default when the page prevents the keydown.

import { documentOf, isHtmlElement, isTag } from '../dom/realm';

export interface KeyPress {
  key: string;
  modifiers?: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean };
}

const TABBABLE = 'a[href], area[href], button, input:not([type=hidden]), select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable=false])';

/** The tab order of one document (a same-origin frame's own, for a target inside it). */
function tabOrder(doc: Document): HTMLElement[] {
  const candidates = Array.from(doc.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (e) => e.tabIndex >= 0 && !e.matches(':disabled') && !e.closest('[inert]') && e.checkVisibility({ visibilityProperty: true }),
  );
  const positive = candidates.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...candidates.filter((e) => e.tabIndex === 0)];
}

function moveFocus(from: Element | null, doc: Document, backwards: boolean): string {
  const order = tabOrder(doc);
  if (order.length === 0) return 'none';
  const index = from ? order.indexOf(from as HTMLElement) : -1;
  const next = backwards ? order[(index <= 0 ? order.length : index) - 1] : order[(index + 1) % order.length];
  next?.focus();
  return backwards ? 'focus-previous' : 'focus-next';
}

function submitFrom(field: HTMLInputElement): string {
  const form = field.form;
  if (!form) return 'none';
  const submitter = form.querySelector<HTMLElement>('button:not([type]), button[type=submit], input[type=submit], input[type=image]');
  if (submitter) {
    if (submitter.matches(':disabled')) return 'none';
    submitter.click();
  } else {
    form.requestSubmit();
  }
  return 'submit';
}

function defaultAction(target: Element, press: KeyPress): string {
  const { key } = press;
  if (key === 'Tab') return moveFocus(target === documentOf(target).body ? null : target, documentOf(target), press.modifiers?.shift === true);
  if (key === 'Enter') {
    if (isTag(target, 'input')) return submitFrom(target);
    if (isTag(target, 'button') || isTag(target, 'a')) {
      (target as HTMLElement).click();
      return 'click';
    }
  }
  if (key === ' ' && (isTag(target, 'button') || (isTag(target, 'input') && (target.type === 'checkbox' || target.type === 'radio')))) {
    target.click();
    return 'click';
  }
  return 'none';
}

export function pressKey(element: Element | null, press: KeyPress): { defaultAction: string } {
  if (isHtmlElement(element)) element.focus();
  const target = element ?? document.activeElement ?? document.body;
  const init: KeyboardEventInit = {
    key: press.key,
    bubbles: true,
    cancelable: true,
    composed: true,
    ctrlKey: press.modifiers?.ctrl === true,
    shiftKey: press.modifiers?.shift === true,
    altKey: press.modifiers?.alt === true,
    metaKey: press.modifiers?.meta === true,
  };
  const proceed = target.dispatchEvent(new KeyboardEvent('keydown', init));
  const action = proceed ? defaultAction(target, press) : 'prevented';
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  return { defaultAction: action };
}
