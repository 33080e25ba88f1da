import { DomainErrorException, invalidPath, workspaceTool, ok } from '@vmark/shared';
import { defineAction } from '../../defineAction';
import { resolveTab, scopePath } from '../../guards';
import { saveFailure, saveTabForAgent } from '../../saveTab';

export const save = defineAction(workspaceTool, 'save', {
  async run(ctx, args) {
    const tab = resolveTab(ctx, args.tabId);
    if (!tab.filePath) {
      throw new DomainErrorException(invalidPath('(untitled)', 'The tab has no file yet; use workspace.save_as with a filePath.'));
    }
    const target = scopePath(ctx, tab.filePath);
    const saved = await saveTabForAgent(ctx, tab.id, target);
    if (saved.status !== 'saved') throw saveFailure(ctx, tab.id, tab.filePath, saved);
    return ok({ filePath: saved.path, revision: saved.revision, journaled: saved.journaled });
  },
});
