import { documentTool, ok } from '@vmark/shared';
import { transformWithIntegrity } from '@vmark/shared/lib/cjk/index';
import { loadCjkSettings } from '../../../state/settings';
import { defineAction } from '../../defineAction';
import { docKeyOf, runMutation } from '../../mutation';
import { loadBehindAnswer } from '../../loadBehindAnswer';

/** Deterministic CJK rewrites; a structural mismatch after the rewrite keeps the original (nothing changes). */
export const transform = defineAction(documentTool, 'transform', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    const editor = ctx.store.shownEditor(tab.id);
    const throughEditor = editor?.mode === 'wysiwyg' && tab.kind === 'markdown' && ctx.store.getSnapshot().activeTabId === tab.id;
    const result = await runMutation(
      ctx,
      ctx.journal,
      {
        tool: 'document',
        action: 'transform',
        tab,
        implicitTab: args.tabId === undefined,
        expectedRevision: args.expected_revision,
        addresses: args.addresses,
        input: null,
        compute: (current) => {
          const transformed = transformWithIntegrity(args.kind, current, loadCjkSettings());
          return transformed.changed ? transformed.text : null;
        },
        apply: (next) => loadBehindAnswer(ctx.store, tab.id, next as string, throughEditor ? editor : undefined),
      },
      ctx.openThreads(docKeyOf(tab)),
    );
    return ok({ revision: result.revision, applied: true, durable: result.durable });
  },
});
