import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey, Selection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { touchedBlocks } from './documentDecorations';

/**
 * A README's `<details><summary>…</summary>` HTML block, the markdown blocks after it and the
 * `</details>` block that closes it: `open` and `close` are the positions of those two top-level blocks.
 */
export interface DetailsRange {
  open: number;
  close: number;
  /** The end of the closing block. */
  end: number;
  /** `<details open>`: expanded until the person collapses it. */
  startsOpen: boolean;
}

export interface DetailsState {
  ranges: DetailsRange[];
  /** What the person chose, by the position of the opening block; the rest follow `startsOpen`. */
  chosen: Map<number, boolean>;
  set: DecorationSet;
}

const OPENING = /<details\b/gi;
const CLOSING = /<\/details\s*>/gi;
const OPEN_ATTRIBUTE = /^\s*<details\b[^>]*\sopen\b/i;

const isHtmlBlock = (block: ProseMirrorNode) => block.type.name === 'htmlBlock';
const count = (raw: string, pattern: RegExp) => raw.match(pattern)?.length ?? 0;

/** The `<details>` ranges among the top-level blocks, nested ones included; one left unclosed stays shown. */
export function detailsRanges(doc: ProseMirrorNode): DetailsRange[] {
  const ranges: DetailsRange[] = [];
  const opened: { pos: number; raw: string }[] = [];
  doc.forEach((block, pos) => {
    if (!isHtmlBlock(block)) return;
    const raw = String(block.attrs.raw ?? '');
    const balance = count(raw, OPENING) - count(raw, CLOSING);
    for (let i = 0; i < balance; i++) opened.push({ pos, raw });
    for (let i = 0; i > balance; i--) {
      const start = opened.pop();
      if (start) ranges.push({ open: start.pos, close: pos, end: pos + block.nodeSize, startsOpen: OPEN_ATTRIBUTE.test(start.raw) });
    }
  });
  return ranges.sort((a, b) => a.open - b.open);
}

export function isExpanded(state: Pick<DetailsState, 'chosen'>, range: DetailsRange): boolean {
  return state.chosen.get(range.open) ?? range.startsOpen;
}

/** The blocks of each collapsed range, its closing block included, hidden; the opening block shows its summary. */
function draw(doc: ProseMirrorNode, ranges: readonly DetailsRange[], chosen: Map<number, boolean>): DecorationSet {
  const decorations: Decoration[] = [];
  let hiddenUntil = 0;
  for (const range of ranges) {
    if (isExpanded({ chosen }, range) || range.end <= hiddenUntil) continue;
    const from = Math.max(range.open + doc.nodeAt(range.open)!.nodeSize, hiddenUntil);
    doc.nodesBetween(from, range.end, (block, pos) => {
      if (pos >= from) decorations.push(Decoration.node(pos, pos + block.nodeSize, { class: 'details-hidden' }));
      return false;
    });
    hiddenUntil = range.end;
  }
  return DecorationSet.create(doc, decorations);
}

export function initialDetails(doc: ProseMirrorNode): DetailsState {
  const ranges = detailsRanges(doc);
  const chosen = new Map<number, boolean>();
  return { ranges, chosen, set: draw(doc, ranges, chosen) };
}

/** The range whose hidden blocks hold `pos`, outermost first. */
function collapsedAround(state: Pick<DetailsState, 'ranges' | 'chosen'>, doc: ProseMirrorNode, pos: number): DetailsRange[] {
  return state.ranges.filter((range) => !isExpanded(state, range) && pos >= range.open + doc.nodeAt(range.open)!.nodeSize && pos < range.end);
}

interface Toggle {
  open: number;
  expanded: boolean;
}

const key = new PluginKey<DetailsState>('details');

/**
 * The state after `tr`: ranges found again only when it touched an HTML block or a block inside a
 * range, otherwise mapped; a toggle or the selection landing in a hidden block redraws.
 */
export function nextDetails(previous: DetailsState, tr: Transaction): DetailsState {
  let { ranges, chosen } = previous;
  let changed = false;
  if (tr.docChanged) {
    const { before, after } = touchedBlocks(tr);
    const inside = (blocks: Map<number, ProseMirrorNode>, positions: (range: DetailsRange) => [number, number]) =>
      [...blocks.keys()].some((pos) => ranges.some((range) => {
        const [from, to] = positions(range);
        return pos >= from && pos < to;
      }));
    const mappedChosen = new Map([...chosen].map(([pos, expanded]) => [tr.mapping.map(pos), expanded] as const));
    if ([...before.values(), ...after.values()].some(isHtmlBlock) || inside(before, (range) => [range.open, range.end])) {
      ranges = detailsRanges(tr.doc);
      chosen = new Map([...mappedChosen].filter(([pos]) => ranges.some((range) => range.open === pos)));
      changed = true;
    } else {
      ranges = ranges.map((range) => ({ ...range, open: tr.mapping.map(range.open), close: tr.mapping.map(range.close), end: tr.mapping.map(range.end) }));
      chosen = mappedChosen;
    }
  }
  const toggle = tr.getMeta(key) as Toggle | undefined;
  if (toggle) {
    chosen = new Map(chosen).set(toggle.open, toggle.expanded);
    changed = true;
  }
  if (tr.selectionSet) {
    const around = collapsedAround({ ranges, chosen }, tr.doc, tr.selection.from);
    if (around.length > 0) {
      chosen = new Map(chosen);
      for (const range of around) chosen.set(range.open, true);
      changed = true;
    }
  }
  if (changed) return { ranges, chosen, set: draw(tr.doc, ranges, chosen) };
  if (!tr.docChanged) return previous;
  return { ranges, chosen, set: previous.set.map(tr.mapping, tr.doc) };
}

/** The transaction that expands or collapses the range opened at `open`; collapsing moves a caret inside it to just after it. */
export function toggleTransaction(state: EditorState, open: number): Transaction | undefined {
  const details = key.getState(state);
  const range = details?.ranges.find((candidate) => candidate.open === open);
  if (!details || !range) return undefined;
  const expanded = !isExpanded(details, range);
  const tr = state.tr.setMeta(key, { open, expanded } satisfies Toggle);
  const { from } = state.selection;
  if (!expanded && from > open && from < range.end) {
    const { doc } = tr;
    tr.setSelection(Selection.findFrom(doc.resolve(range.end), 1) ?? Selection.findFrom(doc.resolve(open), -1) ?? NodeSelection.create(doc, open));
  }
  return tr;
}

function toggleDetails(view: EditorView, open: number): void {
  const tr = toggleTransaction(view.state, open);
  if (tr) view.dispatch(tr);
}

export function detailsState(state: EditorState): DetailsState | undefined {
  return key.getState(state);
}

/** The opening block's `<details>` shows the state: its ▸/▾ marker, `aria-expanded` on the summary. */
function showStates(view: EditorView): void {
  const state = key.getState(view.state);
  for (const range of state?.ranges ?? []) {
    const details = (view.nodeDOM(range.open) as HTMLElement | null)?.querySelector?.('.source-preview details');
    if (!(details instanceof HTMLDetailsElement)) continue;
    const expanded = isExpanded(state!, range);
    if (details.open !== expanded) details.open = expanded;
    const summary = details.querySelector(':scope > summary');
    if (!summary) continue;
    summary.setAttribute('aria-expanded', String(expanded));
    summary.setAttribute('tabindex', '0');
    summary.setAttribute('role', 'button');
  }
}

/** The range whose opening block holds `target`'s summary, if any. */
function rangeOfSummary(view: EditorView, target: EventTarget | null): DetailsRange | undefined {
  const summary = target instanceof Element ? target.closest('.source-preview summary') : null;
  const block = summary?.closest('.html-block');
  if (!block) return undefined;
  return key.getState(view.state)?.ranges.find((range) => view.nodeDOM(range.open) === block);
}

/**
 * `<details>` collapses as on GitHub: the blocks between an opening `<details>` HTML block and its
 * `</details>` are hidden (decorations only: the document and its bytes stay) until the person
 * clicks the summary or presses Enter/Space on it, or the caret lands inside; `<details open>`
 * starts expanded.
 */
export function detailsPlugin(): Plugin<DetailsState> {
  return new Plugin<DetailsState>({
    key,
    state: {
      init: (_, state) => initialDetails(state.doc),
      apply: (tr, previous) => nextDetails(previous, tr),
    },
    props: { decorations: (state) => key.getState(state)?.set },
    view(view) {
      // the node view owns summary events (sourceEditView's ownsClick), so listen on the DOM itself
      const onClick = (event: MouseEvent) => {
        const range = rangeOfSummary(view, event.target);
        if (!range || event.button !== 0) return;
        event.preventDefault();
        toggleDetails(view, range.open);
      };
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        const range = rangeOfSummary(view, event.target);
        if (!range) return;
        event.preventDefault();
        toggleDetails(view, range.open);
        (view.nodeDOM(range.open) as HTMLElement | null)?.querySelector<HTMLElement>('.source-preview summary')?.focus();
      };
      view.dom.addEventListener('click', onClick, true);
      view.dom.addEventListener('keydown', onKeyDown, true);
      showStates(view);
      return {
        update: showStates,
        destroy() {
          view.dom.removeEventListener('click', onClick, true);
          view.dom.removeEventListener('keydown', onKeyDown, true);
        },
      };
    },
  });
}

export const DetailsCollapse = Extension.create({
  name: 'detailsCollapse',
  addProseMirrorPlugins: () => [detailsPlugin()],
});
