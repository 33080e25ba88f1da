import { ok, selectionTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { focusedEditor } from '../../focusedEditor';

export const get = defineAction(selectionTool, 'get', {
  async run(ctx, args) {
    const { tab, editor } = focusedEditor(ctx, args.tabId);
    const { text, from, to } = editor.getSelection();
    return ok({ text, isEmpty: from === to, range: { from, to }, mode: editor.mode, kind: tab.kind, tabId: tab.id, revision: tab.revision });
  },
});
