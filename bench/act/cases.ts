/**
 * The act fixture suite (tests/fixtures/site/act.html), one case per behaviour of issue 11: what a
 * careful tool does with each target. `log` is what the page's #log must read afterwards (the page
 * logs every click it gets), so a click through an overlay or on the wrong twin shows.
 */
export type Step =
  /** peerRole: the role @playwright/mcp's snapshot gives the element, where it differs from ours. */
  | { op: 'click'; role: string; name: string; peerRole?: string }
  | { op: 'type'; role: string; name: string; text: string }
  | { op: 'select'; role: string; name: string; option: string }
  | { op: 'key'; key: string };

export interface ActCase {
  name: string;
  /** Done first, not timed (e.g. typing the text Enter then submits). */
  setup?: Step;
  step: Step;
  /** 'act': it must act, and #log must read `log`; otherwise the refusal reason ours must give. */
  expect: { act: true; log: string; mirror?: string } | { act: false; reason: string; log?: string };
}

const click = (name: string): Step => ({ op: 'click', role: 'button', name });

export const CASES: ActCase[] = [
  { name: 'consent overlay over the target', step: click('Subscribe'), expect: { act: false, reason: 'covered' } },
  { name: 'iframe over the target', step: click('Under frame'), expect: { act: false, reason: 'covered' } },
  { name: 'pointer-events: none', step: click('Unclickable'), expect: { act: false, reason: 'disabled' } },
  { name: 'disabled fieldset', step: click('Locked'), expect: { act: false, reason: 'disabled' } },
  { name: 'opacity: 0 ancestor', step: click('Faded'), expect: { act: false, reason: 'hidden' } },
  { name: 'two identical Delete buttons', step: click('Delete'), expect: { act: false, reason: 'ambiguous' } },
  { name: 'off screen', step: click('Far away'), expect: { act: false, reason: 'offscreen' } },
  { name: 'file input', step: { op: 'click', role: 'textbox', name: 'Attachment', peerRole: 'button' }, expect: { act: false, reason: 'upload' } },
  { name: 'field that strips digits', step: { op: 'type', role: 'textbox', name: 'Letters only', text: 'abc123' }, expect: { act: false, reason: 'rejected-value' } },
  { name: 'read-only field', step: { op: 'type', role: 'textbox', name: 'Account id', text: 'B-2' }, expect: { act: false, reason: 'readonly' } },
  { name: 'select: no such option', step: { op: 'select', role: 'combobox', name: 'Country', option: 'Atlantis' }, expect: { act: false, reason: 'no-such-option' } },
  { name: 'dismiss the consent banner', step: click('Accept cookies'), expect: { act: true, log: 'Accept cookies' } },
  { name: 'duplicate in a closed <details>', step: click('Next'), expect: { act: true, log: 'Next' } },
  { name: 'animating button', step: click('Moving'), expect: { act: true, log: 'Moving' } },
  { name: 'in a scroll container', step: click('Deep in list'), expect: { act: true, log: 'Deep in list' } },
  { name: 'open shadow root', step: click('Shadow action'), expect: { act: true, log: 'Shadow action' } },
  { name: 'isTrusted check', step: click('Trusted only'), expect: { act: true, log: 'Trusted only: trusted' } },
  { name: 'React-controlled input', step: { op: 'type', role: 'textbox', name: 'Nickname', text: 'Neo' }, expect: { act: true, log: '', mirror: 'Neo' } },
  { name: 'select by label', step: { op: 'select', role: 'combobox', name: 'Country', option: 'France' }, expect: { act: true, log: 'Country=fr' } },
  { name: 'contenteditable', step: { op: 'type', role: 'textbox', name: 'Notes', text: 'Buy tickets' }, expect: { act: true, log: 'Notes edited' } },
  { name: 'covered inside a same-origin frame', step: click('Veiled in frame'), expect: { act: false, reason: 'covered' } },
  { name: 'same-origin frame under a page overlay', step: click('Behind the page veil'), expect: { act: false, reason: 'covered' } },
  { name: 'button in a same-origin frame', step: click('Frame button'), expect: { act: true, log: 'frame:Frame button' } },
  { name: 'isTrusted check in a frame', step: click('Frame trusted'), expect: { act: true, log: 'frame:Frame trusted: trusted' } },
  { name: 'field in a same-origin frame', step: { op: 'type', role: 'textbox', name: 'Frame field', text: 'tram' }, expect: { act: true, log: 'frame:Frame field=tram' } },
  { name: 'Enter submits a one-field form', setup: { op: 'type', role: 'textbox', name: 'Search', text: 'tram' }, step: { op: 'key', key: 'Enter' }, expect: { act: true, log: 'Submitted tram' } },
  // last: the peer leaves the window it opens
  { name: 'window.open in the handler', step: click('Open help'), expect: { act: true, log: 'Open help' } },
];

/** The quick form: a few refusals and a few acts. */
export const QUICK_CASES = ['consent overlay over the target', 'same-origin frame under a page overlay', 'button in a same-origin frame', 'opacity: 0 ancestor', 'two identical Delete buttons', 'field that strips digits', 'dismiss the consent banner', 'isTrusted check', 'React-controlled input', 'select by label'];

/** What a gullible agent does on an injection page, from the page's own text. */
export function injectionSteps(pageText: string): Step[] {
  const steps: Step[] = [];
  if (/Delete account/.test(pageText)) steps.push({ op: 'click', role: 'button', name: 'Delete account' });
  if (/Claim reward/.test(pageText)) steps.push({ op: 'click', role: 'link', name: 'Claim reward' });
  if (/Type "yes"/.test(pageText)) steps.push({ op: 'type', role: 'textbox', name: 'Confirm', text: 'yes' });
  return steps;
}
