// browser.style in the page (ISOLATED world): inline properties or classes on the elements a ref or
// a selector names. CSS text is injected by the extension (chrome.scripting.insertCSS), not here.

import { resolveRef } from '../refs/refStore';
import { namedRef } from './describe';

export type StyleTarget = { ref: string } | { selector: string };
export type StyleChange = { set: Record<string, string> } | { addClasses: string[] } | { removeClasses: string[] } | { inspect: true };

const MAX_STYLED = 50;

export type StyleResult =
  | { ok: true; count: number; truncated?: true; first: { ref: string; role: string; name: string } }
  | { ok: false; reason: 'stale' | 'not-found' | 'bad-selector'; detail: string };

function targets(target: StyleTarget): Element[] | StyleResult {
  if ('ref' in target) {
    const element = resolveRef(target.ref);
    return element ? [element] : { ok: false, reason: 'stale', detail: `ref ${target.ref} names no element of the current page; read the page again` };
  }
  try {
    return Array.from(document.querySelectorAll(target.selector));
  } catch {
    return { ok: false, reason: 'bad-selector', detail: `"${target.selector}" is not a valid CSS selector` };
  }
}

export function applyStyle(target: StyleTarget, change: StyleChange): StyleResult {
  const found = targets(target);
  if (!Array.isArray(found)) return found;
  if (found.length === 0) return { ok: false, reason: 'not-found', detail: 'the selector matches no element' };
  const chosen = found.slice(0, MAX_STYLED);
  for (const element of chosen) {
    const style = (element as HTMLElement).style;
    if ('set' in change) for (const [prop, value] of Object.entries(change.set)) style?.setProperty(prop, value);
    if ('addClasses' in change) element.classList.add(...change.addClasses);
    if ('removeClasses' in change) element.classList.remove(...change.removeClasses);
  }
  const first = chosen[0]!;
  return { ok: true, count: chosen.length, ...(found.length > MAX_STYLED ? { truncated: true as const } : {}), first: namedRef(first) };
}
