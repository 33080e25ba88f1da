// act type: text fields (value set through the native setter, so framework-controlled inputs such as
// React's see a change), <select> by option label or value, and contenteditable regions. The value
// is read back: a field that changed the text is refused as rejected-value and its prior value restored.

import type { ActReason } from './types';
import { documentOf, isHtmlElement, isTag, isTextControl, isValueControl, windowOf } from '../dom/realm';

export type Typed = { ok: true; value: string } | { ok: false; reason: ActReason; detail: string };

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

function announce(element: Element, data: string | null): void {
  element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Whether type can write into this element (a <select> included); the reason when not. */
export function checkTypeable(element: Element): { ok: true } | { ok: false; reason: ActReason; detail: string } {
  if (isTag(element, 'input')) {
    if (element.type === 'file') return { ok: false, reason: 'upload', detail: 'file inputs are never automated; ask the user to choose the file' };
    if (!TEXT_INPUT_TYPES.has(element.type)) return { ok: false, reason: 'not-editable', detail: `an <input type=${element.type}> takes no text; use click` };
  }
  if (isTextControl(element)) {
    return element.readOnly ? { ok: false, reason: 'readonly', detail: 'the field is read-only' } : { ok: true };
  }
  if (isTag(element, 'select') || (isHtmlElement(element) && element.isContentEditable)) return { ok: true };
  return { ok: false, reason: 'not-editable', detail: `the target (${element.localName}) is not a text field, select or contenteditable region` };
}

/** The text a field or contenteditable region holds now. */
export function textOf(element: Element): string {
  if (isValueControl(element)) return element.value;
  return (element as HTMLElement).innerText.replace(/\n$/, '');
}

/** Puts back the text a field held before a rejected type. */
export function restoreText(element: Element, prior: string): void {
  if (isTextControl(element)) setNativeValue(element, prior);
  else element.textContent = prior;
  announce(element, prior);
}

function typeIntoField(element: HTMLInputElement | HTMLTextAreaElement, text: string): Typed {
  const prior = element.value;
  element.focus();
  setNativeValue(element, text);
  announce(element, text);
  const now = element.value;
  if (now !== text) {
    setNativeValue(element, prior);
    announce(element, prior);
    return { ok: false, reason: 'rejected-value', detail: `the field changed the text to "${now.slice(0, 200)}"; its prior value was restored` };
  }
  return { ok: true, value: now };
}

function chooseOption(element: HTMLSelectElement, text: string): Typed {
  const wanted = text.trim();
  const options = Array.from(element.options);
  const option = options.find((o) => o.label.trim() === wanted) ?? options.find((o) => o.value === text);
  if (!option) {
    const offered = options.slice(0, 20).map((o) => `"${o.label.trim()}"`).join(', ');
    return { ok: false, reason: 'no-such-option', detail: `no option has the label or value "${text}"; options: ${offered}` };
  }
  if (option.disabled) return { ok: false, reason: 'disabled', detail: `the option "${option.label.trim()}" is disabled` };
  element.focus();
  setNativeValue(element, option.value);
  announce(element, null);
  return element.value === option.value ? { ok: true, value: option.label.trim() } : { ok: false, reason: 'rejected-value', detail: 'the select did not keep the option' };
}

function typeIntoEditable(element: HTMLElement, text: string): Typed {
  const prior = element.innerText;
  element.focus();
  const doc = documentOf(element);
  const range = doc.createRange();
  range.selectNodeContents(element);
  const selection = windowOf(element).getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  const inserted = text === '' ? doc.execCommand('delete') : doc.execCommand('insertText', false, text);
  if (!inserted) {
    element.textContent = text;
    announce(element, text);
  }
  const now = element.innerText.replace(/\n$/, '');
  if (now !== text) {
    element.textContent = prior;
    announce(element, prior);
    return { ok: false, reason: 'rejected-value', detail: `the region changed the text to "${now.slice(0, 200)}"; its prior text was restored` };
  }
  return { ok: true, value: now };
}

export function typeText(element: Element, text: string): Typed {
  const typeable = checkTypeable(element);
  if (!typeable.ok) return typeable;
  if (isTextControl(element)) return typeIntoField(element, text);
  if (isTag(element, 'select')) return chooseOption(element, text);
  return typeIntoEditable(element as HTMLElement, text);
}
