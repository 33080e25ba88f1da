import { DomainErrorException, invalidPath, ok, workspaceTool } from '@vmark/shared';
import { markSaved } from '../../../state/windowActions';
import { defineAction } from '../../defineAction';
import { resolveTab, scopePath } from '../../guards';

export const save = defineAction(workspaceTool, 'save', {
  async run(ctx, args) {
    const tab = resolveTab(ctx, args.tabId);
    if (!tab.filePath) {
      throw new DomainErrorException(invalidPath('(untitled)', 'The tab has no file yet; use workspace.save_as with a filePath.'));
    }
    const { path, fs } = scopePath(ctx, tab.filePath);
    const content = tab.content;
    await fs.writeText(path, content);
    markSaved(ctx.store, tab.id, content);
    return ok({ filePath: path, revision: ctx.store.tab(tab.id)?.revision ?? tab.revision, journaled: 'no' });
  },
});
