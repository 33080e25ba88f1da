import { DomainErrorException, approvalRequired, invalidPath, ok, stale, workspaceTool } from '@vmark/shared';
import { loadSettings } from '../../../state/settings';
import { defineAction } from '../../defineAction';
import { resolveTab, scopePath } from '../../guards';
import { saveTabForAgent } from '../../saveTab';

/** Saves under a new path; never replaces a file that is not the tab's own (seed: save_as). */
export const saveAs = defineAction(workspaceTool, 'save_as', {
  async run(ctx, args) {
    const tab = resolveTab(ctx, args.tabId);
    const target = scopePath(ctx, args.filePath);
    const ownFile = tab.filePath === target.path;
    if (!ownFile) {
      if (!loadSettings().autoApproveNewLocation) {
        ctx.store.notify(`An AI client (${ctx.principal.clientName}) asked to save "${tab.title}" to ${target.path}. Saving to a new location needs Settings → Integrations → "Auto-approve save to new location".`);
        throw new DomainErrorException(approvalRequired('Saving to a new location needs the person to turn on "Auto-approve save to new location and Genie results" (Settings → Integrations); they have been notified.'));
      }
      if (await target.fs.stat(target.path)) {
        throw new DomainErrorException(approvalRequired(`A file already exists at ${target.path}; save_as never replaces a file that is not the tab's own.`));
      }
    }
    const saved = await saveTabForAgent(ctx, tab.id, { ...target, createOnly: !ownFile });
    switch (saved.status) {
      case 'saved':
        return ok({ revision: saved.revision, journaled: saved.journaled });
      case 'exists':
        throw new DomainErrorException(approvalRequired(`A file appeared at ${target.path} while the save waited; it keeps its content and nothing was written.`));
      case 'stale':
        throw new DomainErrorException(stale(ctx.store.tab(tab.id)?.revision ?? tab.revision, 'A later save already reached this file, so this one wrote nothing. Read the document before writing again.'));
      case 'closed':
        throw new DomainErrorException(invalidPath(target.path, 'The tab was closed before it could be saved; nothing was written.'));
      case 'out-of-scope':
        throw new DomainErrorException(invalidPath(target.path, saved.message));
      default:
        throw new DomainErrorException(invalidPath(target.path, `Saving failed: ${saved.message}`));
    }
  },
});
