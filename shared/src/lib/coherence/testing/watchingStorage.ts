import type { FileStat, WalkDelta } from '../ledger/storage';
import { MemoryStorage } from './memoryStorage';

/** A memory workspace that reports, like a watched folder, which documents changed between walks. */
export class WatchingMemoryStorage extends MemoryStorage {
  private touched = new Set<string>();
  private delta: WalkDelta | null = null;
  private walked = false;

  override put(path: string, content: string | Uint8Array): void {
    super.put(path, content);
    this.touched.add(path);
  }

  override remove(path: string): void {
    super.remove(path);
    this.touched.add(path);
  }

  override move(from: string, to: string): void {
    super.move(from, to);
    this.touched.add(from).add(to);
  }

  override async walk(): Promise<FileStat[]> {
    const files = await super.walk();
    if (this.walked) {
      const byPath = new Map(files.map((f) => [f.path, f]));
      const documents = [...this.touched].filter((p) => !/^(\.vmark|\.git|node_modules)\//.test(p));
      this.delta = {
        changed: documents.flatMap((p) => byPath.get(p) ?? []),
        removed: documents.filter((p) => !byPath.has(p)),
      };
    }
    this.walked = true;
    this.touched = new Set();
    return files;
  }

  walkDelta(): WalkDelta | null {
    return this.delta;
  }
}
