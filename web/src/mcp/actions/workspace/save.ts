import { DomainErrorException, invalidPath, workspaceTool, ok } from '@vmark/shared';
import { takeSavePlace } from '../../../documents/saveOrder';
import { defineAction } from '../../defineAction';
import { scopePath } from '../../guards';
import { saveFailure, saveTabForAgent } from '../../agentSave';

export const save = defineAction(workspaceTool, 'save', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    // ordered among the file's saves by when it was requested
    const place = await takeSavePlace();
    if (!tab.filePath) {
      throw new DomainErrorException(invalidPath('(untitled)', 'The tab has no file yet; use workspace.save_as with a filePath.'));
    }
    const target = scopePath(ctx, tab.filePath);
    const saved = await saveTabForAgent(ctx, tab.id, target, [], place);
    if (saved.status !== 'saved') throw saveFailure(ctx, tab.id, tab.filePath, saved);
    return ok({ filePath: saved.path, revision: saved.revision, journaled: saved.journaled });
  },
});
