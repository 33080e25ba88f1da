import { captureAnchor } from './captureAnchor';
import { changedRegion } from './changedRegion';
import { locateQuote } from './locateQuote';
import type { TextAnchor } from './types';

/** A thread's place in the current text: found (the quote may have changed with the text) or detached. */
export type AnchorPlace = { detached: false; anchor: TextAnchor; end: number } | { detached: true; anchor: TextAnchor };

/** Where the anchor is in `text`, searched from scratch (on load, or for a detached thread). */
export function placeAnchor(text: string, anchor: TextAnchor): AnchorPlace {
  const found = locateQuote(text, anchor, anchor.start);
  if (!found) return { detached: true, anchor };
  return { detached: false, anchor: captureAnchor(text, found.start, found.end), end: found.end };
}

/**
 * Follows an edit from oldText to newText. An anchor the edit did not touch just shifts (context is
 * refreshed); one it touched, or a detached one, is searched again.
 */
export function reanchor(oldText: string, newText: string, place: AnchorPlace): AnchorPlace {
  const change = changedRegion(oldText, newText);
  if (!change) return place;
  if (place.detached) return placeAnchor(newText, place.anchor);
  const { start } = place.anchor;
  const { end } = place;
  const shift = change.newEnd - change.oldEnd;
  if (end <= change.start) return { detached: false, anchor: captureAnchor(newText, start, end), end };
  if (start >= change.oldEnd) return { detached: false, anchor: captureAnchor(newText, start + shift, end + shift), end: end + shift };
  // the edit touched the quote: look for it near where it would have moved
  const hint = start >= change.start ? Math.min(start, change.newEnd) : start;
  const found = locateQuote(newText, place.anchor, hint);
  if (!found) return { detached: true, anchor: place.anchor };
  return { detached: false, anchor: captureAnchor(newText, found.start, found.end), end: found.end };
}
