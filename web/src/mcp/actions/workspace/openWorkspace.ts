import { DomainErrorException, approvalRequired, busy, invalidPath, ok, workspaceTool } from '@vmark/shared';
import { FsError } from '../../../fs/WorkspaceFS';
import { HandleWorkspace } from '../../../fs/handleWorkspace';
import { NativeWorkspace } from '../../../fs/nativeWorkspace';
import { basename } from '@vmark/shared/lib/paths/index';
import { addWorkspace } from '../../../state/windowActions';
import { defineAction } from '../../defineAction';
import { injectedDelay, testFaults } from '../../../lib/testFaults';

/** Workspace switches in progress in this window (seed: BUSY while one runs). */
let switching = false;

/**
 * Opens a folder in the window where the request arrived, after the person's consent for this
 * connection; folders outside the always-readable places need the person to pick them too.
 */
export const openWorkspace = defineAction(workspaceTool, 'open_workspace', {
  async run(ctx, args) {
    const { approvals, principal } = ctx;
    let canonical: { path: string; isDirectory: boolean };
    try {
      canonical = (await ctx.hostService({ op: 'fs.canonical', path: args.folderPath })) as typeof canonical;
    } catch (error) {
      throw new DomainErrorException(invalidPath(args.folderPath, `${args.folderPath} cannot be opened: ${(error as Error).message}`));
    }
    if (!canonical.isDirectory) throw new DomainErrorException(invalidPath(canonical.path, `${canonical.path} is not a folder.`));
    const folder = canonical.path;
    if (switching) throw new DomainErrorException(busy('A workspace switch is already running in this window; the approval is kept. Retry shortly.'));

    const approval = approvals.get(principal.connectionId, folder);
    if (!approval || approval.state === 'denied') {
      if (approvals.otherDialogOpen(approval)) {
        throw new DomainErrorException(busy('Another folder dialog is open in VMark; retry once the person has closed it.'));
      }
      approvals.ask(principal.connectionId, principal.clientName, folder);
      if (!approval) return ok({ needsApproval: true, folderPath: folder });
      throw new DomainErrorException(approvalRequired(`The person denied opening ${folder}; they have been asked again. Retry after they approve.`));
    }
    if (approval.state === 'pending') {
      throw new DomainErrorException(approvalRequired(`Waiting for the person to approve opening ${folder} in VMark. Ask them, then retry.`));
    }

    switching = true;
    try {
      // a test holds the switch here so that a second request meets one running
      await injectedDelay(testFaults.workspaceSwitch.delayMs);
      if (approval.pickedHandle) {
        const instance = addWorkspace(ctx.store, new HandleWorkspace('picked', folder, basename(folder), approval.pickedHandle), true);
        approvals.spend(approval);
        return ok({ workspaceInstanceId: instance.id, folderPath: folder, workspaceSwitched: true });
      }
      try {
        await ctx.hostService({ op: 'roots.add', path: folder });
      } catch (error) {
        if (!(error instanceof FsError) || error.code !== 'NOT_ALWAYS_READABLE') throw error;
        if (approvals.otherDialogOpen(approval)) {
          throw new DomainErrorException(busy('Another folder dialog is open in VMark; the approval is kept. Retry once the person has closed it.'));
        }
        approvals.showPicker(approval);
        throw new DomainErrorException(approvalRequired(`${folder} is outside the always-readable places; the person must select it in VMark's folder dialog. Retry after they do.`));
      }
      const instance = addWorkspace(ctx.store, new NativeWorkspace(folder, (request) => ctx.hostService(request)), true);
      approvals.spend(approval);
      return ok({ workspaceInstanceId: instance.id, folderPath: folder, workspaceSwitched: true });
    } finally {
      switching = false;
    }
  },
});
