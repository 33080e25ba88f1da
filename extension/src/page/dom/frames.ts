// Same-origin frames: reads and act descend into them through `contentDocument` (null for a
// cross-origin or sandboxed frame, which stays unreachable). The page bundle runs in the top
// document only, so a frame's nodes are of another realm (see realm.ts), and a frame's viewport
// coordinates are offset from the top viewport's by its content box.

import { documentOf } from './realm';

const FRAME_TAGS = new Set(['iframe', 'frame']);

export function isFrame(element: Element): boolean {
  return FRAME_TAGS.has(element.localName);
}

/** The document inside a same-origin frame; null for a cross-origin or sandboxed one. */
export function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

/** The frame element holding this document; null for the top document or a document no frame shows any more. */
function frameElementOf(doc: Document): Element | null {
  try {
    return doc.defaultView?.frameElement ?? null;
  } catch {
    return null;
  }
}

/**
 * The frames between a node and the top document, innermost first; null when the node's document
 * is no longer shown in a connected frame of the top document (the frame was removed or navigated).
 */
export function frameChain(node: Node): Element[] | null {
  const chain: Element[] = [];
  for (let doc = documentOf(node); doc !== document; ) {
    const frame = frameElementOf(doc);
    if (!frame || !frame.isConnected || chain.length > 16) return null;
    chain.push(frame);
    doc = documentOf(frame);
  }
  return chain;
}

/** Where a frame's viewport origin lies in its parent's viewport: the frame's content box. */
export function frameContentOrigin(frame: Element): { x: number; y: number } {
  const box = frame.getBoundingClientRect();
  const style = getComputedStyle(frame);
  return { x: box.left + frame.clientLeft + parseFloat(style.paddingLeft || '0'), y: box.top + frame.clientTop + parseFloat(style.paddingTop || '0') };
}

/** A point in the node's document's viewport, in the top viewport's coordinates. */
export function toTopViewport(node: Node, x: number, y: number): { x: number; y: number } {
  for (const frame of frameChain(node) ?? []) {
    const origin = frameContentOrigin(frame);
    x += origin.x;
    y += origin.y;
  }
  return { x, y };
}

/** This document and the documents of every same-origin frame in it, nested ones included (the top document first). */
export function sameOriginDocuments(root: Document = document, limit = 64): Document[] {
  const found: Document[] = [root];
  for (let i = 0; i < found.length && found.length < limit; i++) {
    for (const frame of Array.from(found[i]!.querySelectorAll('iframe, frame'))) {
      const inner = frameDocument(frame);
      if (inner && !found.includes(inner)) found.push(inner);
    }
  }
  return found;
}
