import type { CallOutcome } from '@vmark/shared';
import { claims } from '@vmark/shared/lib/coherence/index';
import { kernelFor } from '../workspaceKernels';
import { answer } from './run';

/** coherence.claims for a native folder, answered by the host with no editor window needed. */
export function claimsAction(args: { workspace_root?: unknown }): Promise<CallOutcome> {
  return answer(async () => claims(await kernelFor(args.workspace_root)));
}
