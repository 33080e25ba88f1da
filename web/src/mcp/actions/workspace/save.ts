import { DomainErrorException, invalidPath, stale, workspaceTool, ok } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { resolveTab, scopePath } from '../../guards';
import { saveTabForAgent } from '../../saveTab';

export const save = defineAction(workspaceTool, 'save', {
  async run(ctx, args) {
    const tab = resolveTab(ctx, args.tabId);
    if (!tab.filePath) {
      throw new DomainErrorException(invalidPath('(untitled)', 'The tab has no file yet; use workspace.save_as with a filePath.'));
    }
    const target = scopePath(ctx, tab.filePath);
    const saved = await saveTabForAgent(ctx, tab.id, target);
    switch (saved.status) {
      case 'saved':
        return ok({ filePath: saved.path, revision: saved.revision, journaled: saved.journaled });
      case 'stale':
        throw new DomainErrorException(stale(ctx.store.tab(tab.id)?.revision ?? tab.revision, 'A later save already reached this file, so this one wrote nothing. Read the document before writing again.'));
      case 'closed':
        throw new DomainErrorException(invalidPath(tab.filePath, 'The tab was closed before it could be saved; nothing was written.'));
      case 'out-of-scope':
        throw new DomainErrorException(invalidPath(tab.filePath, saved.message));
      default:
        throw new DomainErrorException(invalidPath(tab.filePath, `Saving failed: ${'message' in saved ? saved.message : saved.status}`));
    }
  },
});
