import { ok, selectionTool } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { VIA_EDITOR, docKeyOf, runMutation } from '../../mutation';

export const set = defineAction(selectionTool, 'set', {
  needs: { tab: 'focused-editor' },
  async run(ctx, args) {
    const { tab, editor } = ctx;
    const selection = editor.getSelection();
    const result = await runMutation(
      ctx,
      ctx.journal,
      {
        tool: 'selection',
        action: 'set',
        tab,
        implicitTab: args.tabId === undefined,
        expectedRevision: args.expected_revision,
        addresses: args.addresses,
        watchSelection: true,
        input: args.content,
        compute: () => {
          if (editor.mode === 'source') return { splice: { from: selection.from, to: selection.to, insert: args.content } };
          return selection.from === selection.to && args.content === '' ? null : VIA_EDITOR;
        },
        apply: (next, before) => {
          const change = { from: selection.from, to: selection.to, insert: args.content };
          const edited = editor.replaceSelection(args.content, typeof next === 'string' ? { before, change, after: next } : undefined);
          ctx.store.setContent(tab.id, edited.content);
          return edited;
        },
      },
      ctx.openThreads(docKeyOf(tab)),
    );
    return ok({ revision: result.revision, replaced_chars: selection.text.length, applied: true, durable: result.durable });
  },
});
