import { edges } from '@vmark/shared/lib/coherence/index';
import { answer } from '../../../coherence/answer';
import { kernelFor } from '../../../coherence/workspaceKernels';
import { defineHostAction } from '../defineHostAction';

/** coherence.edges for a native folder, answered by the host with no editor window needed. */
export const edgesAction = defineHostAction('coherence', 'edges', (_ctx, args) => answer({ what: 'coherence.edges', isWrite: true }, async () => edges(await kernelFor(args.workspace_root))));
