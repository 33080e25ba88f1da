import { ok, selectionTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';

export const get = defineAction(selectionTool, 'get', {
  needs: { tab: 'focused-editor' },
  async run(ctx, args) {
    const { tab, editor } = ctx;
    const { text, from, to } = editor.getSelection();
    return ok({ text, isEmpty: from === to, range: { from, to }, mode: editor.mode, kind: tab.kind, tabId: tab.id, revision: tab.revision });
  },
});
