// Reader input is a clone of the page, but a clone is never rendered, so CSS-hidden text would
// survive into it — a classic place to hide "ignore previous instructions". These helpers clone
// and drop what the live page does not show.

function isHiddenFromReaders(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  const style = getComputedStyle(element);
  if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') return true;
  if (style.opacity === '0' || style.fontSize === '0px') return true;
  if (style.position === 'absolute' || style.position === 'fixed') {
    const box = element.getBoundingClientRect();
    // Pushed off the document's top or left edge ("left: -9999px").
    if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) return true;
  }
  return false;
}

/** Removes from `clone` every element whose counterpart in `live` (same structure) is hidden. */
export function pruneHidden(live: Element, clone: Element): void {
  const liveChildren = live.children;
  const cloneChildren = clone.children;
  const hidden: Element[] = [];
  for (let i = 0; i < liveChildren.length && i < cloneChildren.length; i++) {
    const liveChild = liveChildren[i]!;
    const cloneChild = cloneChildren[i]!;
    if (liveChild.localName !== cloneChild.localName) return; // structures diverged; keep the rest
    if (isHiddenFromReaders(liveChild)) hidden.push(cloneChild);
    else pruneHidden(liveChild, cloneChild);
  }
  for (const element of hidden) element.remove();
}

export function cloneVisibleDocument(): Document {
  const clone = document.cloneNode(true) as Document;
  if (document.body && clone.body) pruneHidden(document.body, clone.body);
  return clone;
}
