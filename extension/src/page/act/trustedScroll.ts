// act scroll through trusted input: the extension turns a CDP mouse wheel (Input.dispatchMouseEvent
// type mouseWheel) at a point the page chose, then polls `trustedScrollSettled` until the scroll has
// come to rest, and `finishTrusted` reads the document's scroll position back. The point is one where
// the wheel scrolls the document itself: nothing under it scrolls on its own and it is not a frame.

import { isFrame } from '../dom/frames';
import { deepElementFromPoint } from './actionable';
import { composedParent } from './describe';
import type { ActCounts, PerformResult } from './types';

const WATCH_GLOBAL = '__vmarkTrustedScroll';
// No scroll event this long after the wheel: it did not scroll (the end of the page, or the page took
// the wheel). Generous: a loaded machine can take that long for a frame.
const QUIET_AFTER_WHEEL_MS = 500;
// Scroll events stopped this long ago without a scrollend: at rest.
const QUIET_AFTER_SCROLL_MS = 500;
// The wheel never reached the page.
const NO_WHEEL_MS = 1_500;
const WATCH_LIFETIME_MS = 15_000;
// Fractions of the viewport tried as wheel points, the middle first.
const POINTS: [number, number][] = [[0.5, 0.5], [0.5, 0.3], [0.5, 0.7], [0.2, 0.5], [0.8, 0.5], [0.5, 0.1], [0.5, 0.9], [0.05, 0.5], [0.95, 0.5]];

interface ScrollWatch {
  before: number;
  armedAt: number;
  wheelAt: number | null;
  lastScrollAt: number | null;
  endedAt: number | null;
  disarm(): void;
}

type WatchHolder = { [WATCH_GLOBAL]?: ScrollWatch };

function documentScroller(): Element {
  return document.scrollingElement ?? document.documentElement;
}

/** The element scrolls on its own in the direction of dy (it would take the wheel before the document). */
function scrollsOnItsOwn(element: Element, dy: number): boolean {
  if (element === documentScroller() || element === document.body || element === document.documentElement) return false;
  if (!/(auto|scroll|overlay)/.test(getComputedStyle(element).overflowY)) return false;
  return dy > 0 ? element.scrollTop + element.clientHeight < element.scrollHeight - 1 : element.scrollTop > 0;
}

/** A viewport point where a wheel of dy scrolls the document; null when every tried point is over a scroller or a frame. */
export function wheelPoint(dy: number): { x: number; y: number } | null {
  for (const [fx, fy] of POINTS) {
    const x = Math.round(innerWidth * fx);
    const y = Math.round(innerHeight * fy);
    const hit = deepElementFromPoint(document, x, y);
    if (!hit || isFrame(hit)) continue;
    let clear = true;
    for (let current: Element | null = hit; current && clear; current = composedParent(current)) clear = !scrollsOnItsOwn(current, dy);
    if (clear) return { x, y };
  }
  return null;
}

/** Watches the document's scrolling from before the wheel until finishTrustedScroll. */
export function armScrollWatch(): void {
  const holder = globalThis as unknown as WatchHolder;
  holder[WATCH_GLOBAL]?.disarm();
  const watch: ScrollWatch = { before: documentScroller().scrollTop, armedAt: performance.now(), wheelAt: null, lastScrollAt: null, endedAt: null, disarm: () => undefined };
  const onWheel = (): void => void (watch.wheelAt ??= performance.now());
  const onScroll = (): void => void (watch.lastScrollAt = performance.now());
  const onEnd = (): void => void (watch.endedAt = performance.now());
  window.addEventListener('wheel', onWheel, { capture: true, passive: true });
  document.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('scrollend', onEnd);
  watch.disarm = () => {
    window.removeEventListener('wheel', onWheel, { capture: true });
    document.removeEventListener('scroll', onScroll);
    document.removeEventListener('scrollend', onEnd);
    if (holder[WATCH_GLOBAL] === watch) delete holder[WATCH_GLOBAL];
  };
  holder[WATCH_GLOBAL] = watch;
  setTimeout(() => watch.disarm(), WATCH_LIFETIME_MS);
}

/** Whether the wheel's scroll has come to rest (the extension polls this before finishing). */
export function trustedScrollSettled(): { settled: boolean } {
  const watch = (globalThis as unknown as WatchHolder)[WATCH_GLOBAL];
  if (!watch) return { settled: true };
  const now = performance.now();
  const { wheelAt, lastScrollAt, endedAt } = watch;
  if (wheelAt === null) return { settled: now - watch.armedAt > NO_WHEEL_MS };
  // only what follows the wheel counts: an earlier instant scroll may still report its end
  if (endedAt !== null && endedAt >= wheelAt) return { settled: true };
  if (lastScrollAt !== null && lastScrollAt >= wheelAt) return { settled: now - lastScrollAt > QUIET_AFTER_SCROLL_MS };
  return { settled: now - wheelAt > QUIET_AFTER_WHEEL_MS };
}

/** How far the document scrolled, read back from its scroll position. */
export function finishTrustedScroll(counts: ActCounts): PerformResult {
  const watch = (globalThis as unknown as WatchHolder)[WATCH_GLOBAL];
  watch?.disarm();
  const before = watch?.before ?? documentScroller().scrollTop;
  return { ok: true, element: null, scrolledBy: Math.round(documentScroller().scrollTop - before), ...counts };
}
