import type { CallOutcome } from '@vmark/shared';
import { status } from '@vmark/shared/lib/coherence/index';
import { kernelFor } from '../workspaceKernels';
import { answer } from './run';

/** coherence.status for a native folder, answered by the host with no editor window needed. */
export function statusAction(args: { workspace_root?: unknown }): Promise<CallOutcome> {
  return answer(async () => status(await kernelFor(args.workspace_root)));
}
