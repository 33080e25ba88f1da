import { capture, type CaptureRequest, type CaptureResult } from './capture';
import type { CoherenceKernel } from './kernel';

export interface SaveOutcome {
  /** The text that reached the file: exactly the content saved (VMark adds nothing to it). */
  written: string;
  capture: CaptureResult | { recorded: false; object: null; reason: string };
}

/**
 * A save through VMark: the file is written as given, then the save is captured (the ledger is
 * created at the first capture). Capture never fails the save: a capture problem is reported and
 * the next scan heals the gap.
 */
export async function saveWithCapture(kernel: CoherenceKernel, request: Omit<CaptureRequest, 'content'> & { content: string }): Promise<SaveOutcome> {
  const written = request.content;
  await kernel.storage.writeAtomic(request.path, written);
  try {
    await kernel.ledger.init();
    return { written, capture: await kernel.writes.run(() => capture(kernel, { ...request, content: written })) };
  } catch (error) {
    return { written, capture: { recorded: false, object: null, reason: `capture failed (${(error as Error).message}); the save is kept and the next scan records it` } };
  }
}

/**
 * MCP writes are inferred captures: their inputs are the documents this connection read since its
 * last write, minus the target itself.
 */
export class ReadTracker {
  private readonly reads = new Map<string, Set<string>>();

  recordRead(connection: string, path: string): void {
    const set = this.reads.get(connection) ?? new Set<string>();
    set.add(path);
    this.reads.set(connection, set);
  }

  /** The inputs of a write to `target`, forgetting the reads (the next write starts afresh). */
  takeInputs(connection: string, target: string): string[] {
    const set = this.reads.get(connection) ?? new Set<string>();
    this.reads.delete(connection);
    return [...set].filter((p) => p !== target);
  }

  forget(connection: string): void {
    this.reads.delete(connection);
  }
}
