import { Extension } from '@tiptap/core';
import { DOMParser, type Node as ProseMirrorNode, type ParseOptions, type Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, type DecorationSet, type EditorView } from '@tiptap/pm/view';
import { alertOf } from './alerts';
import { documentDecorations, drawDocument, visit, type BlockDrawer } from './documentDecorations';

/**
 * A line break inside a paragraph (a soft break: the `\n` stays in the text) is drawn as GitHub
 * draws it, as a space: its character sits in a span whose white space collapses. The line break
 * after an alert's `[!NOTE]` stays, so the callout's text starts under its title.
 */
export const softBreakDrawer: BlockDrawer = {
  context: () => undefined,
  draw(block, blockPos) {
    const decorations: Decoration[] = [];
    let kept = -1;
    visit(block, blockPos, (node, pos) => {
      if (node.type.name === 'blockquote') kept = alertOf(node, pos)?.to ?? kept;
      if (!node.isTextblock) return true;
      if (node.type.spec.code) return false;
      node.forEach((child, offset) => {
        if (!child.isText) return;
        const text = child.text!;
        for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) {
          const at = pos + 1 + offset + index;
          if (at !== kept) decorations.push(Decoration.inline(at, at + 1, { class: 'soft-break' }));
        }
      });
      return false;
    });
    return decorations;
  },
};

export function softBreakDecorations(doc: ProseMirrorNode): DecorationSet {
  return drawDocument(doc, softBreakDrawer);
}

/**
 * Reading typed text back from the page keeps a `\n` in a paragraph's text as it is: by default
 * ProseMirror turns it into a hard break (`\` in the file) once the browser's change touches it.
 */
export function softBreakKeepingParser(schema: Schema): DOMParser {
  const base = DOMParser.fromSchema(schema);
  return new (class extends DOMParser {
    override parse(dom: globalThis.Node, options: ParseOptions = {}) {
      return super.parse(dom, options.preserveWhitespace === true ? { ...options, preserveWhitespace: 'full' } : options);
    }
  })(schema, base.rules);
}

/**
 * Typing or deleting in a paragraph that holds a soft break goes through the editor, not the
 * browser: next to a collapsed `\n` the browser rewrites it as a space in the page.
 */
function editBesideSoftBreak(view: EditorView, event: InputEvent): boolean {
  const { selection } = view.state;
  const { $from } = selection;
  if (!$from.sameParent(selection.$to) || !$from.parent.isTextblock || $from.parent.type.spec.code) return false;
  if (!$from.parent.textContent.includes('\n')) return false;
  const { from, to } = selection;
  if (event.inputType === 'insertText' && event.data) {
    const insert = () => view.state.tr.insertText(event.data!, from, to);
    if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, event.data!, insert))) view.dispatch(insert().scrollIntoView());
    return true;
  }
  const backward = event.inputType === 'deleteContentBackward';
  if (!backward && event.inputType !== 'deleteContentForward') return false;
  const offset = $from.parentOffset;
  const size = $from.parent.content.size;
  // one character: both halves of a surrogate pair
  const width = (start: number) => (/^[\ud800-\udbff][\udc00-\udfff]$/.test($from.parent.textBetween(start, Math.min(size, start + 2), '\ufffc', '\ufffc')) ? 2 : 1);
  if (from !== to) view.dispatch(view.state.tr.delete(from, to).scrollIntoView());
  else if (backward && offset > 0) {
    const back = offset > 1 && width(offset - 2) === 2 ? 2 : 1;
    view.dispatch(view.state.tr.delete(from - back, from).scrollIntoView());
  } else if (!backward && offset < size) view.dispatch(view.state.tr.delete(from, from + width(offset)).scrollIntoView());
  else return false; // joining blocks: the editor's own keys do that
  return true;
}

const SoftBreakEditing = Extension.create({
  name: 'softBreakEditing',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('softBreakEditing'),
        props: {
          domParser: softBreakKeepingParser(this.editor.schema),
          handleDOMEvents: {
            beforeinput: (view, event) => {
              if (view.composing || !editBesideSoftBreak(view, event)) return false;
              event.preventDefault();
              return true;
            },
          },
        },
      }),
    ];
  },
});

export const SoftBreaks = [documentDecorations('softBreaks', softBreakDrawer), SoftBreakEditing];
