import type { EditorView } from '@tiptap/pm/view';
import { partitionPoint } from '../../lib/partitionPoint';

/** The nearest ancestor of `element` that scrolls, else the window's box. */
function visibleBox(element: HTMLElement): { top: number; bottom: number } {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') {
      const box = at.getBoundingClientRect();
      return { top: Math.max(0, box.top), bottom: Math.min(window.innerHeight, box.bottom) };
    }
  }
  return { top: 0, bottom: window.innerHeight };
}

/**
 * The source starts of the `unparsedSource` placeholders the person can see (the editor's
 * scroller), in document order. Placeholders stand in document order, so the first one in view is
 * found by a binary search over their boxes, and only the ones in view are measured after it.
 */
export function placeholdersInView(view: EditorView): number[] {
  if (typeof window === 'undefined' || !view.dom.isConnected) return [];
  const placeholders: Array<{ pos: number; start: number }> = [];
  view.state.doc.forEach((node, offset) => {
    if (node.type.name === 'unparsedSource') placeholders.push({ pos: offset, start: Number(node.attrs.start) });
  });
  if (placeholders.length === 0) return [];
  const { top, bottom } = visibleBox(view.dom);
  const box = (index: number) => (view.nodeDOM(placeholders[index]!.pos) as HTMLElement | null)?.getBoundingClientRect();
  const low = partitionPoint(placeholders.length, (index) => {
    const rect = box(index);
    return !rect || rect.bottom <= top;
  });
  const shown: number[] = [];
  for (let index = low; index < placeholders.length; index++) {
    const rect = box(index);
    if (!rect || rect.top >= bottom) break;
    shown.push(placeholders[index]!.start);
  }
  return shown;
}
