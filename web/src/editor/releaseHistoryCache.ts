import { history } from '@tiptap/pm/history';
import { Schema } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';

const tinySchema = new Schema({ nodes: { doc: { content: 'text*' }, text: {} } });

/**
 * prosemirror-history caches, at module level, the plugin list of the last state it recorded a
 * step in (`mustPreserveItems`). Tiptap's plugins close over their editor, so after the last
 * edited editor is destroyed that cache kept its whole document and view alive (bench/editor: the
 * heap after closing every document). One step in a throwaway state points the cache elsewhere.
 */
export function releaseHistoryCache(): void {
  const state = EditorState.create({ schema: tinySchema, plugins: [history()] });
  state.apply(state.tr.insertText('x'));
}
