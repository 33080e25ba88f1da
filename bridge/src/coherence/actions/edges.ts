import type { CallOutcome } from '@vmark/shared';
import { edges } from '@vmark/shared/lib/coherence/index';
import { kernelFor } from '../workspaceKernels';
import { answer } from './run';

/** coherence.edges for a native folder, answered by the host with no editor window needed. */
export function edgesAction(args: { workspace_root?: unknown }): Promise<CallOutcome> {
  return answer(async () => edges(await kernelFor(args.workspace_root)));
}
