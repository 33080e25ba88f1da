import type { KnownEntry } from '../ledger/entries';
import type { CoherenceKernel } from './kernel';

/** `path` moved along with `from`: its new place under `to`, or null when it is not `from` or inside it. */
function movedPath(path: string, from: string, to: string): string | null {
  if (path === from) return to;
  return path.startsWith(`${from}/`) ? `${to}${path.slice(from.length)}` : null;
}

/**
 * The app renamed or moved a file or folder (workspace-relative paths): every registered document
 * at or under `from` is registered at its new path, so it keeps its identity whatever its text.
 * Nothing is recorded in a workspace without a ledger. Returns how many documents moved.
 */
export async function recordMove(kernel: CoherenceKernel, from: string, to: string): Promise<number> {
  if (from === to || !(await kernel.initialized())) return 0;
  return kernel.writes.run(async () => {
    await kernel.refresh({ repair: true });
    const entries: KnownEntry[] = [];
    for (const object of kernel.index.objects.values()) {
      const next = object.revisions.size > 0 && !object.absent ? movedPath(object.path, from, to) : null;
      if (next === null) continue;
      entries.push(kernel.entry('object-registered', { object: object.id, path: next }));
      // a rename keeps size and mtime: the scan's memory of the file follows it
      const seen = kernel.scanState?.files.get(object.path);
      if (seen) {
        kernel.scanState?.files.delete(object.path);
        kernel.scanState?.files.set(next, seen);
      }
    }
    await kernel.append(entries);
    return entries.length;
  });
}
