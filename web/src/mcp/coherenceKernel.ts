import { ok, textFailure, type CallOutcome } from '@vmark/shared';
import { isWithin, normalizeMcpPath } from '@vmark/shared/lib/paths/index';
import { forwardFaults, workerKernelOf, type CoherenceApi } from '../coherence/coherenceClient';
import { CoherenceError, withCallLimit, type Answer, type CoherenceCall } from '@vmark/shared/lib/coherence/index';
import type { ActionContext } from './defineAction';

/**
 * Runs a coherence action on the kernel of the workspace `workspace_root` names (Scratch or a
 * picked folder of this window; native folders are answered by `vmark host`). Refusals are the
 * plain sentences the seed asks for; the whole call, starting the workspace's worker included,
 * answers TIMEOUT after 20 s.
 */
export async function onWorkspaceKernel<T>(ctx: ActionContext, workspaceRoot: string, call: CoherenceCall, use: (kernel: CoherenceApi) => Promise<Answer<T>>): Promise<CallOutcome> {
  const normalized = normalizeMcpPath(workspaceRoot);
  if (!normalized.ok) return textFailure(`workspace_root must be an absolute path, got ${workspaceRoot}`);
  const root = normalized.path;
  const workspaces = ctx.store.getSnapshot().workspaces;
  const workspace = workspaces.find((w) => w.fs.root === root);
  if (!workspace) {
    const holder = workspaces.find((w) => isWithin(w.fs.root, root));
    if (holder) return textFailure(`workspace_root is not a directory: ${workspaceRoot}; pass the workspace's root, ${holder.fs.root}`);
    return textFailure(`${workspaceRoot} is not a workspace open in VMark; open it first (session.get_state lists the open workspaces and their tabs' filePath)`);
  }
  const kernel = workerKernelOf(workspace.fs);
  if (!kernel) return textFailure(`${root} is a native folder: its coherence is answered by \`vmark host\`; make sure \`vmark host\` is running (\`vmark doctor\`) and retry`);
  try {
    const answer = await withCallLimit(
      (async () => {
        const api = await kernel;
        await forwardFaults(api);
        return use(api);
      })(),
      call.what,
      call.isWrite,
    );
    return answer.ok ? ok(answer.data) : textFailure(answer.message);
  } catch (error) {
    if (error instanceof CoherenceError) return textFailure(error.message);
    throw error;
  }
}
