import { DomainErrorException, invalidPath, ok, workspaceTool } from '@vmark/shared';
import { FsError } from '../../../fs/WorkspaceFS';
import { createTab, kindOf } from '../../../state/windowActions';
import { defineAction } from '../../defineAction';

/** Opens a file in a background tab: the person's visible tab and workspace stay as they are. */
export const open = defineAction(workspaceTool, 'open', {
  needs: { path: 'filePath' },
  async run(ctx, args) {
    const { path, fs, workspaceInstanceId } = ctx.target;
    const existing = ctx.store.getSnapshot().tabs.find((t) => t.filePath === path);
    if (existing) {
      return ok({ tabId: existing.id, workspaceInstanceId: existing.workspaceInstanceId, activationChanged: false, workspaceSwitched: false });
    }
    let content: string;
    try {
      const stat = await fs.stat(path);
      if (stat?.kind !== 'file') throw new FsError('NOT_FOUND', `${path} is not a file`);
      content = await fs.readText(path);
    } catch (error) {
      throw new DomainErrorException(invalidPath(path, `${path} could not be read: ${(error as Error).message}`));
    }
    const tab = createTab(ctx.store, { workspaceInstanceId, filePath: path, kind: kindOf(path), content }, { activate: false });
    return ok({ tabId: tab.id, workspaceInstanceId, activationChanged: false, workspaceSwitched: false });
  },
});
