import { ReadTracker } from '@vmark/shared/lib/coherence/index';

/**
 * What each MCP connection read through this window since its last write (absolute paths): an AI
 * write's inputs are inferred from it (minus the target).
 */
export const agentReads = new ReadTracker();
