import type { CallOutcome } from '@vmark/shared';
import { contexts } from '@vmark/shared/lib/coherence/index';
import { kernelFor } from '../workspaceKernels';
import { answer } from './run';

/** coherence.contexts for a native folder, answered by the host with no editor window needed. */
export function contextsAction(args: { workspace_root?: unknown }): Promise<CallOutcome> {
  return answer(async () => contexts(await kernelFor(args.workspace_root)));
}
