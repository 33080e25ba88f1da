import { ReadTracker } from '@vmark/shared/lib/coherence/kernel/save';

/**
 * What each MCP connection read since its last write: the inputs of its next save (coherence
 * capture infers that the written document derives from them). One per editor window.
 */
const reads = new ReadTracker();

export function recordDocumentRead(connectionId: string, filePath: string | null | undefined): void {
  if (filePath) reads.recordRead(connectionId, filePath);
}

/** The inputs of a save of `target` by this connection; the next write starts afresh. */
export function takeReadInputs(connectionId: string, target: string): string[] {
  return reads.takeInputs(connectionId, target);
}
