import { contexts } from '@vmark/shared/lib/coherence/index';
import { answer } from '../../../coherence/answer';
import { kernelFor } from '../../../coherence/workspaceKernels';
import { defineHostAction } from '../defineHostAction';

/** coherence.contexts for a native folder, answered by the host with no editor window needed. */
export const contextsAction = defineHostAction('coherence', 'contexts', (_ctx, args) => answer({ what: 'coherence.contexts', isWrite: false }, async () => contexts(await kernelFor(args.workspace_root))));
