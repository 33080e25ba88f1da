import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { DecorationSet } from '@tiptap/pm/view';

/**
 * An extension whose decorations are drawn from the whole document (alerts, heading anchors, paired
 * inline HTML), drawn again only when the document changed.
 */
export function documentDecorations(name: string, draw: (doc: ProseMirrorNode) => DecorationSet): Extension {
  return Extension.create({
    name,
    addProseMirrorPlugins() {
      const key = new PluginKey<DecorationSet>(name);
      return [
        new Plugin<DecorationSet>({
          key,
          state: {
            init: (_, state) => draw(state.doc),
            apply: (tr, set) => (tr.docChanged ? draw(tr.doc) : set),
          },
          props: { decorations: (state) => key.getState(state) },
        }),
      ];
    },
  });
}
