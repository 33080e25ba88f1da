import { claims } from '@vmark/shared/lib/coherence/index';
import { answer } from '../../../coherence/answer';
import { kernelFor } from '../../../coherence/workspaceKernels';
import { defineHostAction } from '../defineHostAction';

/** coherence.claims for a native folder, answered by the host with no editor window needed. */
export const claimsAction = defineHostAction('coherence', 'claims', (_ctx, args) => answer({ what: 'coherence.claims', isWrite: false }, async () => claims(await kernelFor(args.workspace_root))));
