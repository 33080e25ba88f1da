import { status } from '@vmark/shared/lib/coherence/index';
import { answer } from '../../../coherence/answer';
import { kernelFor } from '../../../coherence/workspaceKernels';
import { defineHostAction } from '../defineHostAction';

/** coherence.status for a native folder, answered by the host with no editor window needed. */
export const statusAction = defineHostAction('coherence', 'status', (_ctx, args) => answer({ what: 'coherence.status', isWrite: false }, async () => status(await kernelFor(args.workspace_root))));
