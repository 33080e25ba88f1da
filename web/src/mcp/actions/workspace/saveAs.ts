import { DomainErrorException, approvalRequired, invalidPath, ok, workspaceTool, type FsStat } from '@vmark/shared';
import { FsError, type WorkspaceFS } from '../../../fs/WorkspaceFS';
import { loadSettings } from '../../../state/settings';
import { takeSavePlace } from '../../../documents/saveOrder';
import { defineAction } from '../../defineAction';
import { saveFailure, saveTabForAgent } from '../../agentSave';

/** Saves under a new path; never replaces a file that is not the tab's own (seed: save_as). */
export const saveAs = defineAction(workspaceTool, 'save_as', {
  needs: { tab: 'any', path: 'filePath' },
  async run(ctx, args) {
    const tab = ctx.tab;
    // ordered among the file's saves by when it was requested
    const place = await takeSavePlace();
    const target = ctx.target;
    const ownFile = tab.filePath === target.path;
    if (!ownFile) {
      if (!loadSettings().autoApproveNewLocation) {
        ctx.store.notify(`An AI client (${ctx.principal.clientName}) asked to save "${tab.title}" to ${target.path}. Saving to a new location needs Settings → Integrations → "Auto-approve save to new location".`);
        throw new DomainErrorException(approvalRequired('Saving to a new location needs the person to turn on "Auto-approve save to new location and Genie results" (Settings → Integrations); they have been notified.'));
      }
      if (await statInScope(target.fs, target.path)) {
        throw new DomainErrorException(approvalRequired(`A file already exists at ${target.path}; save_as never replaces a file that is not the tab's own.`));
      }
    }
    const saved = await saveTabForAgent(ctx, tab.id, { ...target, createOnly: !ownFile }, [], place);
    if (saved.status !== 'saved') throw saveFailure(ctx, tab.id, target.path, saved);
    return ok({ revision: saved.revision, journaled: saved.journaled });
  },
});

/** The host has the last word on a path (it sees symlinks): its refusal is the seed's INVALID_PATH, not an internal error. */
async function statInScope(fs: WorkspaceFS, path: string): Promise<FsStat | null> {
  try {
    return await fs.stat(path);
  } catch (error) {
    if (error instanceof FsError && error.code === 'INVALID_PATH') {
      throw new DomainErrorException(invalidPath(path, `${path} is outside the open workspace and the folders of the open documents (${error.message}).`));
    }
    throw error;
  }
}
