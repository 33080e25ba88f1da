import { documentTool, ok } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { scopePath } from '../../guards';
import { docKeyOf, runMutation } from '../../mutation';
import { loadBehindAnswer } from '../../loadBehindAnswer';
import { saveTabForAgent } from '../../agentSave';
import { takeSavePlace } from '../../../documents/saveOrder';
import { matchLineEndings } from '../../../lib/lineEndings';

export const write = defineAction(documentTool, 'write', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    // the save is requested with the write: a save of the file made after this call wins over it (seed: STALE)
    const savePlace = args.save === false ? undefined : await takeSavePlace();
    const editor = ctx.store.shownEditor(tab.id);
    // the active WYSIWYG tab takes the text through the editor (one undoable step); others keep it as sent
    const throughEditor = editor?.mode === 'wysiwyg' && tab.kind === 'markdown' && ctx.store.getSnapshot().activeTabId === tab.id;
    const next = matchLineEndings(args.content, tab.content);
    const result = await runMutation(
      ctx,
      ctx.journal,
      {
        tool: 'document',
        action: 'write',
        tab,
        implicitTab: args.tabId === undefined,
        expectedRevision: args.expected_revision,
        addresses: args.addresses,
        input: args.content,
        compute: () => next,
        apply: () => loadBehindAnswer(ctx.store, tab.id, next, throughEditor ? editor : undefined),
      },
      ctx.openThreads(docKeyOf(tab)),
    );
    const done = { revision: result.revision, applied: true, durable: result.durable };
    if (args.save === false) return ok({ ...done, saved: false, save_skipped: 'opt_out' });
    // the save awaits the disk: the editor shows the text before any event can reach it
    ctx.store.catchUpEditors();
    const current = ctx.store.tab(tab.id);
    if (!current) return ok({ ...done, saved: false, save_error: 'The tab was closed before the write was saved; nothing was written to its file.' });
    if (!current.filePath) return ok({ ...done, saved: false, save_skipped: 'untitled' });
    let target;
    try {
      target = scopePath(ctx, current.filePath);
    } catch (error) {
      return ok({ ...done, saved: false, save_error: (error as Error).message });
    }
    const saved = await saveTabForAgent(ctx, tab.id, target, args.addresses ?? [], savePlace);
    switch (saved.status) {
      case 'saved':
        return ok({ ...done, revision: saved.revision || done.revision, saved: true, journaled: saved.journaled });
      case 'closed':
        return ok({ ...done, saved: false, save_error: 'The tab was closed before the write was saved; nothing was written to its file.' });
      case 'stale':
        return ok({ ...done, saved: false, save_error: 'A later save already reached this file, so this one wrote nothing (STALE). Read the document before writing again.' });
      default:
        return ok({ ...done, saved: false, save_error: 'message' in saved ? saved.message : saved.status });
    }
  },
});
