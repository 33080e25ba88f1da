import { Extension } from '@tiptap/core';
import { DOMSerializer, type Node as ProseMirrorNode, type ResolvedPos } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey, Selection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { touchedBlocks } from './documentDecorations';
import { holdsFootnotes, referenceId } from './footnotes';
import { followLink } from './openLinks';

/** A footnote as GitHub lists it: referenced and defined, numbered in order of first reference. */
export interface Footnote {
  identifier: string;
  label: string;
  number: number;
  /** How many references it has: one back-link each. */
  references: number;
  definition: ProseMirrorNode;
}

/** The footnotes GitHub shows at the end, in order; a definition never referenced is left out, as GitHub does. */
export function footnotesOf(doc: ProseMirrorNode): Footnote[] {
  const referenced = new Map<string, { number: number; references: number }>();
  const definitions = new Map<string, ProseMirrorNode>();
  doc.descendants((node) => {
    const identifier = String(node.attrs.identifier ?? '');
    if (node.type.name === 'footnoteReference') {
      const seen = referenced.get(identifier);
      if (seen) seen.references++;
      else referenced.set(identifier, { number: referenced.size + 1, references: 1 });
    } else if (node.type.name === 'footnoteDefinition' && !definitions.has(identifier)) {
      definitions.set(identifier, node); // the first definition of a label wins, as on GitHub
    }
    return !node.isLeaf;
  });
  const footnotes: Footnote[] = [];
  for (const [identifier, { number, references }] of referenced) {
    const definition = definitions.get(identifier);
    if (definition) footnotes.push({ identifier, label: String(definition.attrs.label ?? identifier), number, references, definition });
  }
  return footnotes;
}

/** Equal exactly when the section would draw the same: the widget keeps its DOM while it is. */
export function sectionKey(footnotes: readonly Footnote[]): string {
  return `footnotes:${JSON.stringify(footnotes.map(({ label, number, references, definition }) => [label, number, references, definition.content.toJSON()]))}`;
}

interface SectionState {
  footnotes: Footnote[];
  set: DecorationSet;
}

export function drawSection(doc: ProseMirrorNode): SectionState {
  const footnotes = footnotesOf(doc);
  if (footnotes.length === 0) return { footnotes, set: DecorationSet.empty };
  const widget = Decoration.widget(doc.content.size, (view) => renderSection(view, footnotes), {
    side: 1,
    key: sectionKey(footnotes),
    ignoreSelection: true,
    stopEvent: () => true,
  });
  return { footnotes, set: DecorationSet.create(doc, [widget]) };
}

/** The section after `tr`: kept (mapped) unless the change touched a block holding a footnote reference or definition. */
export function nextSection(previous: SectionState, tr: Transaction): SectionState {
  if (!tr.docChanged) return previous;
  const { before, after } = touchedBlocks(tr);
  if ([...before.values(), ...after.values()].some(holdsFootnotes)) return drawSection(tr.doc);
  const set = previous.set.map(tr.mapping, tr.doc);
  if (previous.footnotes.length > 0 && set.find().length === 0) return drawSection(tr.doc); // the widget was mapped away
  return { footnotes: previous.footnotes, set };
}

/** The footnote definition the selection is in, if any: it shows in place while edited. */
function definitionAt(state: EditorState): { from: number; to: number; node: ProseMirrorNode } | undefined {
  const { selection } = state;
  if (selection instanceof NodeSelection && selection.node.type.name === 'footnoteDefinition') return { from: selection.from, to: selection.to, node: selection.node };
  return definitionAround(selection.$from);
}

function definitionAround($pos: ResolvedPos): { from: number; to: number; node: ProseMirrorNode } | undefined {
  for (let depth = $pos.depth; depth > 0; depth--) {
    const node = $pos.node(depth);
    if (node.type.name === 'footnoteDefinition') return { from: $pos.before(depth), to: $pos.after(depth), node };
  }
  return undefined;
}

/** Where the definition of `identifier` is, or undefined. */
function findDefinition(doc: ProseMirrorNode, identifier: string): { pos: number; node: ProseMirrorNode } | undefined {
  let found: { pos: number; node: ProseMirrorNode } | undefined;
  doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === 'footnoteDefinition' && node.attrs.identifier === identifier) found = { pos, node };
    return !found && !node.isTextblock;
  });
  return found;
}

/** Where the `occurrence`-th reference to `identifier` ends, or undefined. */
function findReference(doc: ProseMirrorNode, identifier: string, occurrence = 1): number | undefined {
  let seen = 0;
  let end: number | undefined;
  doc.descendants((node, pos) => {
    if (end !== undefined) return false;
    if (node.type.name === 'footnoteReference' && node.attrs.identifier === identifier && ++seen === occurrence) end = pos + node.nodeSize;
    return end === undefined && !node.isLeaf;
  });
  return end;
}

/** Reveals the definition of `identifier` in place with the cursor at the end of its text, scrolled to. */
export function editFootnote(view: EditorView, identifier: string): boolean {
  const definition = findDefinition(view.state.doc, identifier);
  if (!definition) return false;
  const end = definition.pos + definition.node.nodeSize;
  const selection = Selection.findFrom(view.state.doc.resolve(end - 1), -1, true) ?? Selection.near(view.state.doc.resolve(end - 1), -1);
  view.dispatch(view.state.tr.setSelection(selection).scrollIntoView());
  view.focus();
  return true;
}

/** Puts the cursor just after a footnote's reference (the `occurrence`-th) and scrolls to it. */
function returnToReference(view: EditorView, identifier: string, occurrence = 1): boolean {
  const end = findReference(view.state.doc, identifier, occurrence);
  if (end === undefined) return false;
  view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(end))).scrollIntoView());
  view.focus();
  return true;
}

function renderSection(view: EditorView, footnotes: readonly Footnote[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'footnotes';
  section.contentEditable = 'false';
  section.setAttribute('aria-label', 'Footnotes');
  const title = section.appendChild(document.createElement('h2'));
  title.className = 'footnotes-title';
  title.textContent = 'Footnotes';
  const list = section.appendChild(document.createElement('ol'));
  const serializer = DOMSerializer.fromSchema(view.state.schema);
  const numbers = new Map(footnotes.map((footnote) => [footnote.identifier, footnote.number]));
  for (const footnote of footnotes) list.appendChild(renderFootnote(footnote, serializer, numbers));
  section.addEventListener('click', (event) => onSectionClick(view, event));
  return section;
}

function renderFootnote({ identifier, label, number, references, definition }: Footnote, serializer: DOMSerializer, numbers: Map<string, number>): HTMLElement {
  const item = document.createElement('li');
  item.id = `fn-${label}`;
  item.value = number;
  item.dataset.identifier = identifier;
  item.appendChild(serializer.serializeFragment(definition.content, { document }));
  // a reference inside a definition shows its number, as everywhere else
  for (const reference of item.querySelectorAll<HTMLElement>('sup[data-type="footnote-reference"]')) {
    const referenced = numbers.get((reference.dataset.label ?? '').toLowerCase());
    const link = reference.querySelector('a');
    if (link && referenced !== undefined) link.textContent = String(referenced);
  }
  const last = item.lastElementChild;
  const backLinks = last?.tagName === 'P' ? last : item;
  for (let occurrence = 1; occurrence <= references; occurrence++) {
    backLinks.append(' ');
    const back = backLinks.appendChild(document.createElement('a'));
    back.className = 'footnote-backref';
    back.href = `#${referenceId(label, occurrence)}`;
    back.dataset.occurrence = String(occurrence);
    back.setAttribute('aria-label', occurrence === 1 ? `Back to reference ${number}` : `Back to reference ${number}-${occurrence}`);
    back.textContent = '↩';
    if (occurrence > 1) back.appendChild(document.createElement('sup')).textContent = String(occurrence);
  }
  const edit = backLinks.appendChild(document.createElement('button'));
  edit.type = 'button';
  edit.className = 'footnote-edit';
  edit.title = `Edit footnote ${number}`;
  edit.setAttribute('aria-label', `Edit footnote ${number}`);
  edit.appendChild(pencil());
  return item;
}

function pencil(): SVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = svg.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'path'));
  path.setAttribute('d', 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4');
  return svg;
}

/** A back-link returns to its reference; Ctrl/Cmd-click follows a link; any other click edits the footnote in place. */
function onSectionClick(view: EditorView, event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const item = target?.closest<HTMLElement>('li[data-identifier]');
  if (!target || !item) return;
  const link = target.closest('a[href]');
  if (link) event.preventDefault(); // never navigate this window away
  const identifier = item.dataset.identifier ?? '';
  const back = target.closest<HTMLElement>('a.footnote-backref');
  if (back) {
    returnToReference(view, identifier, Number(back.dataset.occurrence ?? 1));
    followLink(view, back);
    return;
  }
  if (link && (event.ctrlKey || event.metaKey)) {
    followLink(view, link);
    return;
  }
  editFootnote(view, identifier);
}

/**
 * GitHub's footnotes section at the end of the document, drawn from the definitions, which stay
 * where the source has them (hidden there unless the cursor is in one, so the bytes never move).
 * Redrawn only when a change touches a block holding a footnote; Escape in a definition returns to
 * its reference.
 */
export const FootnoteSection = Extension.create({
  name: 'footnoteSection',
  addProseMirrorPlugins() {
    const key = new PluginKey<SectionState>('footnoteSection');
    return [
      new Plugin<SectionState>({
        key,
        state: {
          init: (_, state) => drawSection(state.doc),
          apply: (tr, previous) => nextSection(previous, tr),
        },
        props: {
          decorations(state) {
            const { set } = key.getState(state)!;
            const editing = definitionAt(state);
            return editing ? set.add(state.doc, [Decoration.node(editing.from, editing.to, { class: 'footnote-editing' })]) : set;
          },
          handleKeyDown(view, event) {
            if (event.key !== 'Escape') return false;
            const editing = definitionAt(view.state);
            if (!editing) return false;
            if (returnToReference(view, String(editing.node.attrs.identifier))) return true;
            view.dispatch(view.state.tr.setSelection(Selection.near(view.state.doc.resolve(editing.to))).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
