// The capture shim of browser.workflow_record: part of page.js, dormant until `startRecording`
// wakes it for one recording. It turns the person's own (trusted) clicks and field edits into
// locators — role + accessible name, computed as act resolves targets — and sends each to the
// extension at once (the page may unload right after a click). It never reads a field's value:
// what is sent is which field was edited, never what it holds.

import { isNativelyFocusable, roleOf } from '../aria/role';
import { roleAndName } from '../act/describe';
import { INTERACTIVE_ROLES } from '../snapshot/outlinePolicy';
import { neutraliseText, normaliseSpace } from '../text/neutralise';
import { isElement, isTag } from '../dom/realm';

// The extension keeps 200 events per page and counts the rest as dropped; past this nothing of a
// page could be kept anyway (1,000 per recording).
const MAX_SENT_PER_PAGE = 1_000;
/** Names are cut here, like every recorded name (the extension cuts again). */
const MAX_NAME_CHARS = 120;

export type RecordedEvent =
  | { kind: 'click'; role: string; name: string }
  /** A click on something without a role (a clickable div): a person's step at replay. */
  | { kind: 'click-by-hand'; name: string }
  /** A field edit; `secret` for password and one-time-code fields. */
  | { kind: 'edit'; role: string; name: string; secret: boolean };

export interface RecordMessage {
  type: 'vmark.record.event';
  token: string;
  event: RecordedEvent;
}

interface RecorderState {
  token: string;
  count: number;
  lastEdited: Element | null;
  stop(): void;
}

const GLOBAL = '__vmarkRecorder';
const holder = globalThis as unknown as Record<string, RecorderState | undefined>;

// Clicks on these only put the caret in a field: the edit that follows is the step.
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

const clip = (text: string): string => {
  const clean = normaliseSpace(neutraliseText(text));
  return clean.length > MAX_NAME_CHARS ? clean.slice(0, MAX_NAME_CHARS) : clean;
};

function isEditable(element: Element): boolean {
  if (isTag(element, 'textarea') || isTag(element, 'select')) return true;
  if (isTag(element, 'input')) return !['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes(element.type);
  return (element as HTMLElement).isContentEditable === true;
}

function isSecret(element: Element): boolean {
  const autocomplete = (element.getAttribute('autocomplete') ?? '').toLowerCase();
  return (isTag(element, 'input') && element.type === 'password') || autocomplete.split(/\s+/).includes('one-time-code');
}

/** The element a person meant by a click: the nearest ancestor act can target by role. */
function clickTarget(path: EventTarget[]): { element: Element; role: string | null } | null {
  for (const node of path) {
    if (!isElement(node)) continue;
    if (node.localName === 'label' && (node as HTMLLabelElement).control) return null; // the control's own click follows
    const role = roleOf(node);
    if (role !== null && INTERACTIVE_ROLES.has(role)) return { element: node, role };
    // a link or control whose author gave it a non-widget role stays a target, as in the outline
    if (isNativelyFocusable(node)) return { element: node, role: role ?? 'generic' };
  }
  for (const node of path) {
    if (isElement(node) && getComputedStyle(node).cursor === 'pointer') return { element: node, role: null };
  }
  return null;
}

function nameOf(element: Element, role: string): string {
  // A contenteditable field is named from its label only: its content is what the person typed.
  if ((element as HTMLElement).isContentEditable) return clip(element.getAttribute('aria-label') ?? '');
  return clip(roleAndName(element, role).name);
}

function send(state: RecorderState, event: RecordedEvent): void {
  if (state.count >= MAX_SENT_PER_PAGE) return;
  state.count++;
  const message: RecordMessage = { type: 'vmark.record.event', token: state.token, event };
  void chrome.runtime.sendMessage(message).catch(() => undefined);
}

function onClick(state: RecorderState, event: MouseEvent): void {
  if (!event.isTrusted) return; // the page's own synthetic events are not the person's
  if (event.detail > 1) return; // the second click of a double click is the same step
  const found = clickTarget(event.composedPath());
  if (!found) return;
  if (found.role === null) {
    const name = clip(found.element.textContent ?? '');
    if (name) send(state, { kind: 'click-by-hand', name });
    return;
  }
  if (FIELD_ROLES.has(found.role) || isEditable(found.element)) return;
  state.lastEdited = null;
  const name = nameOf(found.element, found.role);
  send(state, name ? { kind: 'click', role: found.role, name } : { kind: 'click-by-hand', name: found.role });
}

function onEdit(state: RecorderState, event: Event): void {
  if (!event.isTrusted) return;
  const field = event.composedPath().find((node): node is Element => isElement(node) && isEditable(node));
  if (!field || field === state.lastEdited) return; // one step per field, however many keystrokes
  state.lastEdited = field;
  const role = roleOf(field) ?? 'textbox';
  send(state, { kind: 'edit', role, name: nameOf(field, role), secret: isSecret(field) });
}

/** Wakes the shim for a recording (idempotent for the same token; a new token restarts it). */
export function startRecording(token: string): { recording: true } {
  const current = holder[GLOBAL];
  if (current?.token === token) return { recording: true };
  current?.stop();
  const controller = new AbortController();
  const state: RecorderState = { token, count: 0, lastEdited: null, stop: () => controller.abort() };
  const options = { capture: true, signal: controller.signal };
  window.addEventListener('click', (event) => onClick(state, event), options);
  window.addEventListener('input', (event) => onEdit(state, event), options);
  window.addEventListener('change', (event) => onEdit(state, event), options);
  holder[GLOBAL] = state;
  return { recording: true };
}

/** Puts the shim back to sleep. */
export function stopRecording(): { recording: false } {
  holder[GLOBAL]?.stop();
  holder[GLOBAL] = undefined;
  return { recording: false };
}
