import { DomainErrorException, invalidPath, workspaceTool, ok } from '@vmark/shared';
import { issueSaveTicket } from '../../../documents/saveTickets';
import { defineAction } from '../../defineAction';
import { scopePath } from '../../guards';
import { saveFailure, saveTabForAgent } from '../../saveTab';

export const save = defineAction(workspaceTool, 'save', {
  needs: { tab: 'any' },
  async run(ctx, args) {
    const tab = ctx.tab;
    // ordered among the file's saves by when it was requested
    const ticket = await issueSaveTicket();
    if (!tab.filePath) {
      throw new DomainErrorException(invalidPath('(untitled)', 'The tab has no file yet; use workspace.save_as with a filePath.'));
    }
    const target = scopePath(ctx, tab.filePath);
    const saved = await saveTabForAgent(ctx, tab.id, target, [], ticket);
    if (saved.status !== 'saved') throw saveFailure(ctx, tab.id, tab.filePath, saved);
    return ok({ filePath: saved.path, revision: saved.revision, journaled: saved.journaled });
  },
});
